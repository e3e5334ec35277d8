/* The displays of bench/events.py in native code (bench/_displays.py, NativeDisplayClients): one process
 * holds its share of the event streams on one epoll loop, so that 50,000 displays cost the machine little
 * CPU beside the server they measure (the asyncio clients took 75 % of a core at 50,000 streams).
 *
 *   _displays HOST PORT KEY SOURCE TABLES OPENING_BLOCK [SILENCE [PATHS [FIRST [SPREAD]]]]
 *
 * TABLES: table ids, comma-separated (stream i reads TABLES[i % n]); SOURCE: the local address its
 * connections leave from (one address has 28,000 ephemeral ports); OPENING_BLOCK: 1 when the server opens
 * each stream with a block of its own (roadsvc's `retry:` and comment), counted as established only then.
 * SILENCE: seconds without a byte (no event, no keep-alive) after which a display drops its stream and
 * reconnects (0: never).
 * PATHS: the path each table's streams open, comma-separated like TABLES (the engine alone: its signed URLs;
 * "-": /api/v1/events?table_id=N). FIRST: the number of this process's first display (its displays are FIRST,
 * FIRST + 1, ...: unique across the processes). SPREAD: the reconnect spread, seconds (10 by default, as
 * client rule 1 says).
 *
 * Each display follows the client rules of docs/events.md (*Client rules*): a stream that was open and ends
 * or stays silent is opened again at /api/v1/events with `Last-Event-ID` (the last `id:` it read) after a
 * random time up to the reconnect spread; an attempt that fails, after a back-off with jitter (between half
 * and all of 1 s, doubling at each failed attempt in a row up to 30 s; reset once a stream is open); a 410
 * (an expired engine URL) reopens at once; a 401 or 403 ends it for good; an event whose shoe revision is
 * more than one past the last it had (one was missed on the way) is dropped and the stream reopened at once
 * from the last event it had in order; an event of another table is dropped and the stream reopened after
 * the spread.
 *
 * Commands on stdin, answers on stdout:
 *   open N    open streams until N are held (at most OPENING connecting at once; a 307 is followed on a
 *             new connection, as EventSource does): "ESTABLISHED FAILED" once every one has answered
 *             (first attempts; a failed one keeps trying in the background)
 *   collect   every `hand` event since the last collect: "TABLE NUMBER ARRIVAL DISPLAY" lines (ARRIVAL:
 *             seconds of CLOCK_MONOTONIC, Python's time.monotonic()), then "."
 *   status    "STREAMING RECONNECTS SILENT GIVEN_UP GAPS REPEATS STRANGERS": displays streaming now,
 *             reconnections so far, of them after a silence, displays ended for good, gaps seen (a revision it
 *             did not expect: reopened), events received again (an id at or below the last it had: ignored,
 *             rule 2), hands of a table other than the display's
 *   stop      (or end of input) exit
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#define OPENING 100
#define HOPS 3
#define BUFSIZE 8192
#define OPEN_SECONDS 180
#define BACKOFF_MAX 30.0
#define ATTEMPT_SECONDS 30.0  /* an attempt (connecting, its request's answer) gives up after this long, as a
                               * browser's request does: SILENCE is a stream's rule, not an attempt's (an
                               * attempt waiting its turn at roadsvc in a storm, dropped after SILENCE and
                               * sent again, only made the queue it waited in longer) */

enum state { CONNECTING, HEAD, OPENING_BLOCK, STREAM, WAITING };

struct stream {
    int fd, table, hops, len, display, counted, failures;
    long last_id, shoe, revision;  /* the last event's id; the shoe and revision of the last event in order */
    double heard;  /* when its last byte arrived (CLOCK_MONOTONIC) */
    enum state state;
    char path[512];
    char buf[BUFSIZE];
};

struct arrival { int table, number, display; double at; };
struct due { double at; struct stream *s; };

static const char *host, *key, *source;
static int port, opening_block, epfd, first_display;
static double silence, spread = 10.0;
static int *tables, ntables;
static char **paths;
static int wanted, started, established, failed, connecting, streaming, given_up;
static long reconnects, silent_reconnects, gaps, repeats, strangers;
static struct arrival *arrivals;
static size_t narrivals, carrivals;
static struct stream **all;
static size_t nall, call;
static struct due *heap;
static size_t nheap, cheap;

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

static int dial(struct stream *s) {
    struct sockaddr_in local = {.sin_family = AF_INET}, remote = {.sin_family = AF_INET, .sin_port = htons(port)};
    inet_pton(AF_INET, source, &local.sin_addr);
    inet_pton(AF_INET, host, &remote.sin_addr);
    s->fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
    if (s->fd < 0 || bind(s->fd, (struct sockaddr *)&local, sizeof local) < 0) return -1;
    if (connect(s->fd, (struct sockaddr *)&remote, sizeof remote) < 0 && errno != EINPROGRESS) return -1;
    s->state = CONNECTING;
    s->len = 0;
    s->heard = now();
    struct epoll_event ev = {.events = EPOLLOUT | EPOLLIN, .data.ptr = s};
    return epoll_ctl(epfd, EPOLL_CTL_ADD, s->fd, &ev);
}

static void drop(struct stream *s) {  /* closed without a TIME_WAIT on this side: the ports are the harness's limit */
    struct linger hard = {1, 0};
    setsockopt(s->fd, SOL_SOCKET, SO_LINGER, &hard, sizeof hard);
    close(s->fd);
    s->fd = -1;
}

static void first_answer(struct stream *s, int ok) {  /* the `open` command's count: each display's first attempt */
    if (s->counted) return;
    s->counted = 1;
    connecting--;
    if (ok) established++; else failed++;
}

static void push_due(double at, struct stream *s) {  /* a binary heap of the reconnections due */
    if (nheap == cheap) { cheap = cheap ? 2 * cheap : 1024; heap = realloc(heap, cheap * sizeof *heap); }
    size_t i = nheap++;
    while (i && heap[(i - 1) / 2].at > at) { heap[i] = heap[(i - 1) / 2]; i = (i - 1) / 2; }
    heap[i] = (struct due){at, s};
}

static struct stream *pop_due(double before) {
    if (!nheap || heap[0].at > before) return NULL;
    struct stream *s = heap[0].s;
    struct due last = heap[--nheap];
    size_t i = 0;
    for (;;) {
        size_t child = 2 * i + 1;
        if (child >= nheap) break;
        if (child + 1 < nheap && heap[child + 1].at < heap[child].at) child++;
        if (heap[child].at >= last.at) break;
        heap[i] = heap[child];
        i = child;
    }
    if (nheap) heap[i] = last;
    return s;
}

static void base_path(struct stream *s) {
    int t = (int)(s->display - first_display) % ntables;
    if (paths && strcmp(paths[t], "-") != 0) snprintf(s->path, sizeof s->path, "%s", paths[t]);
    else snprintf(s->path, sizeof s->path, "/api/v1/events?table_id=%d", s->table);
    s->hops = 0;
}

/* The client rules: a stream that was open waits a random time up to the spread (rule 1: a floor dropped at once
 * comes back spread out), a failed attempt between half and all of the back-off (1 s doubling to 30 s); then
 * reopen the stream where it left off (Last-Event-ID); `at_once` for a 410 (the signed URL expired on the way)
 * and a gap (rule 6: this display's own miss). */
static void again(struct stream *s, int at_once) {
    if (s->fd >= 0) drop(s);
    int was_open = s->state == STREAM;
    if (was_open) streaming--;
    else first_answer(s, 0);
    s->state = WAITING;
    base_path(s);
    double backoff = 1.0;
    for (int i = 0; i < s->failures && backoff < BACKOFF_MAX; i++) backoff *= 2;
    if (backoff > BACKOFF_MAX) backoff = BACKOFF_MAX;
    double wait = at_once ? 0 : was_open ? spread * drand48() : backoff * (0.5 + 0.5 * drand48());
    if (!was_open) s->failures++;
    push_due(now() + wait, s);
}

static void give_up(struct stream *s) {  /* refused for good (401, 403): the display stops */
    if (s->fd >= 0) drop(s);
    if (s->state == STREAM) streaming--;
    else first_answer(s, 0);
    s->state = WAITING;
    given_up++;
}

static void start_one(void) {
    struct stream *s = calloc(1, sizeof *s);
    s->display = first_display + started;
    s->table = tables[started++ % ntables];
    s->fd = -1;
    base_path(s);
    if (nall == call) { call = call ? 2 * call : 1024; all = realloc(all, call * sizeof *all); }
    all[nall++] = s;
    connecting++;
    if (dial(s) < 0) again(s, 0);
}

static void redial(struct stream *s) {
    reconnects++;
    if (dial(s) < 0) again(s, 0);
}

static void send_request(struct stream *s) {
    char request[1200], resume[48] = "";
    if (s->last_id > 0 && strncmp(s->path, "/api/", 5) == 0)
        snprintf(resume, sizeof resume, "Last-Event-ID: %ld\r\n", s->last_id);
    int n = snprintf(request, sizeof request,
                     "GET %s HTTP/1.0\r\nHost: %s:%d\r\nAuthorization: Bearer %s\r\nAccept: text/event-stream\r\n%s\r\n",
                     s->path, host, port, key, resume);
    if (write(s->fd, request, n) != n) { again(s, 0); return; }
    s->state = HEAD;
    struct epoll_event ev = {.events = EPOLLIN, .data.ptr = s};
    epoll_ctl(epfd, EPOLL_CTL_MOD, s->fd, &ev);
}

/* A revision it did not expect (the shoe's revision more than one past the last it had): an event was missed
 * on the way (docs/events.md, *Client rules*): the display drops this one and reopens from the last event it
 * had in order. 0: in order; -1: a gap. */
static int in_order(struct stream *s, const char *block, const char *end) {
    const char *shoe = memmem(block, end - block, "\"shoe_id\":", 10);
    const char *revision = memmem(block, end - block, "\"revision\":", 11);
    if (!shoe || !revision || shoe[10] == 'n' || revision[11] == 'n') return 0;
    long shoe_id = atol(shoe + 10), number = atol(revision + 11);
    if (shoe_id == s->shoe && s->revision && number > s->revision + 1) return -1;
    s->shoe = shoe_id;
    s->revision = number;
    return 0;
}

/* Whether an event's data (from its "\ndata:") names a table other than the display's: its stream is broken. */
static int stranger(struct stream *s, const char *data, const char *end) {
    static const char table[] = "\ndata: {\"table_id\":";
    size_t n = sizeof table - 1;
    return !paths && (size_t)(end - data) > n && memcmp(data, table, n) == 0 && data[n] != 'n' &&
           atoi(data + n) != s->table;
}

static int record(struct stream *s, const char *block, const char *end) {
    static const char hand[] = "event: hand\ndata: {\"table_id\":";
    const char *data = memmem(block, end - block, "\ndata:", 6);
    if (data && stranger(s, data, end)) {  /* dropped before it moves anything (rule 6), the stream reopened */
        strangers++;
        if (getenv("STORMS_DEBUG"))  /* which event, of which channel (its id, type and data's start) */
            fprintf(stderr, "stranger: display %d of table %d (last id %ld, on %s) got: %.*s\n", s->display,
                    s->table, s->last_id, s->path, (int)(end - block < 240 ? end - block : 240), block);
        return -2;
    }
    if (end - block > 4 && memcmp(block, "id: ", 4) == 0) {
        long id = atol(block + 4);
        if (data && id <= s->last_id) { repeats++; return 0; }  /* had already: ignored (rule 2), counted */
        if (in_order(s, block, end) < 0) { gaps++; return -1; }
        if (id > s->last_id) s->last_id = id;  /* a position never moves back */
    }
    const char *at = memmem(block, end - block, hand, sizeof hand - 1);
    if (!at) return 0;
    int table = atoi(at + sizeof hand - 1);
    const char *number = memmem(at, end - at, "\"number\":", 9);
    if (!number) return 0;
    if (narrivals == carrivals) {
        carrivals = carrivals ? 2 * carrivals : 65536;
        arrivals = realloc(arrivals, carrivals * sizeof *arrivals);
    }
    arrivals[narrivals++] = (struct arrival){table, atoi(number + 9), s->display, now()};
    return 0;
}

static void opened(struct stream *s) {
    s->state = STREAM;
    s->failures = 0;
    streaming++;
    first_answer(s, 1);
}

/* each whole block ("\n\n"-ended) read; the rest kept for the next read. -1: the stream was dropped (a gap, or
 * another table's event) */
static int blocks(struct stream *s) {
    char *start = s->buf, *end = s->buf + s->len, *stop;
    while ((stop = memmem(start, end - start, "\n\n", 2))) {
        int gap = 0;
        if (s->state == OPENING_BLOCK) {
            opened(s);
            if (start < stop && memcmp(start, "id: ", 4) == 0) gap = record(s, start, stop);  /* a resync's id */
        } else {
            gap = record(s, start, stop);
        }
        if (gap < 0) { again(s, gap == -1); return -1; }  /* a gap at once; a broken stream after the spread */
        start = stop + 2;
    }
    s->len = end - start;
    memmove(s->buf, start, s->len);
    if (s->len == BUFSIZE) s->len = 0;  /* no block is this long: drop it rather than stall */
    return 0;
}

/* 1: read on; 0: stop reading (more head to come, or a new connection); -1: given up (s is freed) */
static int head(struct stream *s) {
    char *end = memmem(s->buf, s->len, "\r\n\r\n", 4);
    if (!end) return 0;
    *end = '\0';
    char *location = strcasestr(s->buf, "\r\nlocation:");
    if (strncmp(s->buf + 8, " 307 ", 5) == 0 && location && ++s->hops < HOPS) {
        location += 11;
        while (*location == ' ') location++;
        size_t n = strcspn(location, "\r");
        if (getenv("STORMS_DEBUG") && strncmp(location, "/_engine/sub/", 13) == 0) {  /* another table's channel? */
            char own[32];
            snprintf(own, sizeof own, "t%d/", s->table);
            const char *slash = memchr(location + 13, '/', n - 13);
            if (!slash || !memmem(location + 13, slash + 1 - (location + 13), own, strlen(own)))
                fprintf(stderr, "misdirected: display %d of table %d (last id %ld) was sent: %s\n", s->display, s->table,
                        s->last_id, s->buf);
        }
        if (n >= sizeof s->path) { again(s, 0); return -1; }
        memcpy(s->path, location, n);
        s->path[n] = '\0';
        drop(s);
        if (dial(s) < 0) { again(s, 0); return -1; }
        return 0;
    }
    if (strncmp(s->buf + 8, " 410 ", 5) == 0) { again(s, 1); return -1; }
    if (strncmp(s->buf + 8, " 401 ", 5) == 0 || strncmp(s->buf + 8, " 403 ", 5) == 0) { give_up(s); return -1; }
    if (strncmp(s->buf + 8, " 200 ", 5) != 0) { again(s, 0); return -1; }
    size_t used = end + 4 - s->buf;
    s->len -= used;
    memmove(s->buf, s->buf + used, s->len);
    if (opening_block && strncmp(s->path, "/api/", 5) == 0) s->state = OPENING_BLOCK;
    else opened(s);
    return blocks(s) < 0 ? -1 : 1;
}

static void readable(struct stream *s) {
    for (;;) {
        ssize_t n = read(s->fd, s->buf + s->len, BUFSIZE - s->len);
        if (n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR)) { again(s, 0); return; }
        if (n < 0) return;
        s->len += n;
        s->heard = now();
        if (s->state == HEAD) {
            if (head(s) <= 0) return;
        } else if (blocks(s) < 0) {
            return;
        }
    }
}

static void event(struct stream *s, unsigned events) {
    if (s->state == CONNECTING) {
        int error = 0;
        socklen_t size = sizeof error;
        getsockopt(s->fd, SOL_SOCKET, SO_ERROR, &error, &size);
        if (error || (events & (EPOLLERR | EPOLLHUP))) { again(s, 0); return; }
        send_request(s);
        return;
    }
    readable(s);
}

static int command(FILE *out, double *open_deadline, int *answered) {
    char line[64];
    if (!fgets(line, sizeof line, stdin) || strncmp(line, "stop", 4) == 0) return 0;
    if (strncmp(line, "open ", 5) == 0) {
        wanted = atoi(line + 5);
        *open_deadline = now() + OPEN_SECONDS;
        *answered = 0;
    } else if (strncmp(line, "collect", 7) == 0) {
        for (size_t i = 0; i < narrivals; i++)
            fprintf(out, "%d %d %.6f %d\n", arrivals[i].table, arrivals[i].number, arrivals[i].at, arrivals[i].display);
        fputs(".\n", out);
        fflush(out);
        narrivals = 0;
    } else if (strncmp(line, "status", 6) == 0) {
        fprintf(out, "%d %ld %ld %d %ld %ld %ld\n", streaming, reconnects, silent_reconnects, given_up, gaps, repeats,
                strangers);
        fflush(out);
    }
    return 1;
}

/* The missed keep-alive: a stream that heard nothing for SILENCE seconds is dropped and opened again (a
 * channel left dead by an engine reload delivers nothing, not even its keep-alives); an attempt that has had
 * no answer for ATTEMPT_SECONDS is dropped and tried again after its back-off. */
static void check_silence(void) {
    double t = now();
    for (size_t i = 0; i < nall; i++) {
        struct stream *s = all[i];
        if (s->state == WAITING) continue;
        if (s->state == STREAM && silence > 0 && t - s->heard > silence) {
            silent_reconnects++;
            again(s, 0);
        } else if (s->state != STREAM && t - s->heard > ATTEMPT_SECONDS) {
            again(s, 0);
        }
    }
}

int main(int argc, char **argv) {
    if (argc < 7 || argc > 11) {
        fprintf(stderr, "usage: %s HOST PORT KEY SOURCE TABLES OPENING_BLOCK [SILENCE [PATHS [FIRST [SPREAD]]]]\n", argv[0]);
        return 2;
    }
    host = argv[1]; port = atoi(argv[2]); key = argv[3]; source = argv[4]; opening_block = atoi(argv[6]);
    silence = argc > 7 ? atof(argv[7]) : 0;
    first_display = argc > 9 ? atoi(argv[9]) : 0;
    if (argc > 10) spread = atof(argv[10]);
    srand48(getpid());
    tables = malloc(strlen(argv[5]) * sizeof *tables);
    for (char *t = strtok(argv[5], ","); t; t = strtok(NULL, ",")) tables[ntables++] = atoi(t);
    if (argc > 8 && strcmp(argv[8], "-") != 0) {
        paths = malloc(ntables * sizeof *paths);
        int i = 0;
        for (char *p = strtok(argv[8], ","); p && i < ntables; p = strtok(NULL, ",")) paths[i++] = p;
        if (i != ntables) { fprintf(stderr, "PATHS must name one path a table\n"); return 2; }
    }
    struct rlimit files;
    getrlimit(RLIMIT_NOFILE, &files);
    files.rlim_cur = files.rlim_max;
    setrlimit(RLIMIT_NOFILE, &files);
    epfd = epoll_create1(0);
    struct epoll_event in = {.events = EPOLLIN, .data.ptr = NULL};
    epoll_ctl(epfd, EPOLL_CTL_ADD, STDIN_FILENO, &in);
    setvbuf(stdin, NULL, _IONBF, 0);  /* commands come a line at a time: nothing may wait in stdio's buffer */
    double open_deadline = 0, checked = now();
    int answered = 1;
    struct epoll_event ready[1024];
    for (;;) {
        while (started < wanted && connecting < OPENING) start_one();
        struct stream *s;
        while ((s = pop_due(now()))) redial(s);
        if (now() - checked >= 0.5) { check_silence(); checked = now(); }
        if (!answered && ((started >= wanted && !connecting) || now() > open_deadline)) {
            printf("%d %d\n", established, failed);
            fflush(stdout);
            answered = 1;
        }
        int wait = 100;
        if (nheap) {
            int until = (int)((heap[0].at - now()) * 1000) + 1;
            if (until < wait) wait = until < 0 ? 0 : until;
        }
        int n = epoll_wait(epfd, ready, 1024, wait);
        for (int i = 0; i < n; i++) {
            if (ready[i].data.ptr == NULL) {
                if (!command(stdout, &open_deadline, &answered)) return 0;
            } else {
                event(ready[i].data.ptr, ready[i].events);
            }
        }
    }
}
