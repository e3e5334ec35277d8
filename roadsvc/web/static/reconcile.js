// Puts fresh server-rendered items in place of old ones, keyed by an attribute, touching only
// the items whose data-version moved: no reload, no flicker, and what a person is typing or
// has focused survives.

export function parse(html) {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.content;
}

// Replace `old` by `fresh`, carrying over typed note text and the focus.
export function swap(old, fresh) {
  for (const input of old.querySelectorAll('input[name="note"]')) {
    const form = input.closest('form');
    const twin = fresh.querySelector(`form[data-action="${form && form.dataset.action}"] input[name="note"]`);
    if (twin && input.value) twin.value = input.value;
  }
  const focused = old.contains(document.activeElement) ? document.activeElement : null;
  old.replaceWith(fresh);
  if (focused) {
    const action = focused.closest('form') && focused.closest('form').dataset.action;
    const target = action ? fresh.querySelector(`form[data-action="${action}"] ${focused.tagName.toLowerCase()}`)
      : fresh.querySelector('a, button');
    if (target) target.focus();
  }
}

// Make `container`'s keyed children the `fresh` ones, in their order; unchanged ones stay as they are.
export function reconcile(container, fresh, key) {
  const wanted = [];
  for (const node of Array.from(fresh.children)) {
    const id = node.getAttribute(key);
    const old = id === null ? null : container.querySelector(`:scope > [${key}="${id}"]`);
    if (old && old.dataset.version === node.dataset.version) { wanted.push(old); continue; }
    if (old) swap(old, node);
    wanted.push(node);
  }
  for (const child of Array.from(container.children)) if (!wanted.includes(child)) child.remove();
  order(container, wanted);
}

// Move children into `wanted` order, moving only those out of place.
export function order(container, wanted) {
  wanted.forEach((node, index) => {
    if (container.children[index] !== node) container.insertBefore(node, container.children[index] || null);
  });
}
