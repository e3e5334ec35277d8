// Every page's forms: a required field left empty is refused in the page's own language (the body's
// data-required), not in the browser's ("Please fill out this field." on a Chinese page).
const required = document.body.dataset.required;

function word(field) {
  field.setCustomValidity(field.validity.valueMissing ? required : "");
}

document.addEventListener("invalid", (event) => word(event.target), true);
document.addEventListener("input", (event) => {
  if (event.target.required) event.target.setCustomValidity("");
}, true);
