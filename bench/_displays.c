/* The displays of bench/events.py in native code (bench/_displays.py, NativeDisplayClients): one process
 * holds its share of the event streams on one epoll loop, so that 50,000 displays cost the machine little
 * CPU beside the server they measure (the asyncio clients took 75 % of a core at 50,000 streams).
 *
 *   _displays HOST PORT KEY SOURCE TABLES OPENING_BLOCK
 *
 * TABLES: table ids, comma-separated (stream i reads TABLES[i % n]); SOURCE: the local address its
 * connections leave from (one address has 28,000 ephemeral ports); OPENING_BLOCK: 1 when the server opens
 * each stream with a block of its own (roadsvc's `retry:` and comment), counted as established only then.
 *
 * Commands on stdin, answers on stdout:
 *   open N    open streams until N are held (at most OPENING connecting at once; a 307 is followed on a
 *             new connection, as EventSource does): "ESTABLISHED FAILED" once every one has answered
 *   collect   every `hand` event since the last collect: "TABLE NUMBER ARRIVAL" lines (ARRIVAL: seconds of
 *             CLOCK_MONOTONIC, Python's time.monotonic()), then "."
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

enum state { CONNECTING, HEAD, OPENING_BLOCK, STREAM };

struct stream {
    int fd, table, hops, len;
    enum state state;
    char path[512];
    char buf[BUFSIZE];
};

struct arrival { int table, number; double at; };

static const char *host, *key, *source;
static int port, opening_block, epfd;
static int *tables, ntables;
static int wanted, started, established, failed, connecting;
static struct arrival *arrivals;
static size_t narrivals, carrivals;

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
    struct epoll_event ev = {.events = EPOLLOUT | EPOLLIN, .data.ptr = s};
    return epoll_ctl(epfd, EPOLL_CTL_ADD, s->fd, &ev);
}

static void drop(struct stream *s) {  /* closed without a TIME_WAIT on this side: the ports are the harness's limit */
    struct linger hard = {1, 0};
    setsockopt(s->fd, SOL_SOCKET, SO_LINGER, &hard, sizeof hard);
    close(s->fd);
    s->fd = -1;
}

static void give_up(struct stream *s) {
    if (s->fd >= 0) drop(s);
    if (s->state != STREAM) { failed++; connecting--; }
    free(s);
}

static void start_one(void) {
    struct stream *s = calloc(1, sizeof *s);
    s->table = tables[started++ % ntables];
    snprintf(s->path, sizeof s->path, "/api/v1/events?table_id=%d", s->table);
    connecting++;
    if (dial(s) < 0) give_up(s);
}

static void send_request(struct stream *s) {
    char request[1024];
    int n = snprintf(request, sizeof request,
                     "GET %s HTTP/1.0\r\nHost: %s:%d\r\nAuthorization: Bearer %s\r\nAccept: text/event-stream\r\n\r\n",
                     s->path, host, port, key);
    if (write(s->fd, request, n) != n) { give_up(s); return; }
    s->state = HEAD;
    struct epoll_event ev = {.events = EPOLLIN, .data.ptr = s};
    epoll_ctl(epfd, EPOLL_CTL_MOD, s->fd, &ev);
}

static void record(const char *block, const char *end) {
    static const char hand[] = "event: hand\ndata: {\"table_id\":";
    const char *at = memmem(block, end - block, hand, sizeof hand - 1);
    if (!at) return;
    int table = atoi(at + sizeof hand - 1);
    const char *number = memmem(at, end - at, "\"number\":", 9);
    if (!number) return;
    if (narrivals == carrivals) {
        carrivals = carrivals ? 2 * carrivals : 65536;
        arrivals = realloc(arrivals, carrivals * sizeof *arrivals);
    }
    arrivals[narrivals++] = (struct arrival){table, atoi(number + 9), now()};
}

static void blocks(struct stream *s) {  /* each whole block ("\n\n"-ended) read; the rest kept for the next read */
    char *start = s->buf, *end = s->buf + s->len, *stop;
    while ((stop = memmem(start, end - start, "\n\n", 2))) {
        if (s->state == OPENING_BLOCK) {
            s->state = STREAM; established++; connecting--;
        } else {
            record(start, stop);
        }
        start = stop + 2;
    }
    s->len = end - start;
    memmove(s->buf, start, s->len);
    if (s->len == BUFSIZE) s->len = 0;  /* no block is this long: drop it rather than stall */
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
        if (n >= sizeof s->path) { give_up(s); return -1; }
        memcpy(s->path, location, n);
        s->path[n] = '\0';
        drop(s);
        if (dial(s) < 0) { give_up(s); return -1; }
        return 0;
    }
    if (strncmp(s->buf + 8, " 200 ", 5) != 0) { give_up(s); return -1; }
    size_t used = end + 4 - s->buf;
    s->len -= used;
    memmove(s->buf, s->buf + used, s->len);
    if (opening_block) s->state = OPENING_BLOCK;
    else { s->state = STREAM; established++; connecting--; }
    blocks(s);
    return 1;
}

static void readable(struct stream *s) {
    for (;;) {
        ssize_t n = read(s->fd, s->buf + s->len, BUFSIZE - s->len);
        if (n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR)) { give_up(s); return; }
        if (n < 0) return;
        s->len += n;
        if (s->state == HEAD) {
            if (head(s) <= 0) return;
        } else {
            blocks(s);
        }
    }
}

static void event(struct stream *s, unsigned events) {
    if (s->state == CONNECTING) {
        int error = 0;
        socklen_t size = sizeof error;
        getsockopt(s->fd, SOL_SOCKET, SO_ERROR, &error, &size);
        if (error || (events & (EPOLLERR | EPOLLHUP))) { give_up(s); return; }
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
            fprintf(out, "%d %d %.6f\n", arrivals[i].table, arrivals[i].number, arrivals[i].at);
        fputs(".\n", out);
        fflush(out);
        narrivals = 0;
    }
    return 1;
}

int main(int argc, char **argv) {
    if (argc != 7) { fprintf(stderr, "usage: %s HOST PORT KEY SOURCE TABLES OPENING_BLOCK\n", argv[0]); return 2; }
    host = argv[1]; port = atoi(argv[2]); key = argv[3]; source = argv[4]; opening_block = atoi(argv[6]);
    tables = malloc(strlen(argv[5]) * sizeof *tables);
    for (char *t = strtok(argv[5], ","); t; t = strtok(NULL, ",")) tables[ntables++] = atoi(t);
    struct rlimit files;
    getrlimit(RLIMIT_NOFILE, &files);
    files.rlim_cur = files.rlim_max;
    setrlimit(RLIMIT_NOFILE, &files);
    epfd = epoll_create1(0);
    struct epoll_event in = {.events = EPOLLIN, .data.ptr = NULL};
    epoll_ctl(epfd, EPOLL_CTL_ADD, STDIN_FILENO, &in);
    setvbuf(stdin, NULL, _IONBF, 0);  /* commands come a line at a time: nothing may wait in stdio's buffer */
    double open_deadline = 0;
    int answered = 1;
    struct epoll_event ready[1024];
    for (;;) {
        while (started < wanted && connecting < OPENING) start_one();
        if (!answered && ((started >= wanted && !connecting) || now() > open_deadline)) {
            printf("%d %d\n", established, failed);
            fflush(stdout);
            answered = 1;
        }
        int n = epoll_wait(epfd, ready, 1024, answered ? -1 : 100);
        for (int i = 0; i < n; i++) {
            if (ready[i].data.ptr == NULL) {
                if (!command(stdout, &open_deadline, &answered)) return 0;
            } else {
                event(ready[i].data.ptr, ready[i].events);
            }
        }
    }
}
