#ifndef STORETERM_CNCURSES_SHIM_H
#define STORETERM_CNCURSES_SHIM_H

#define NCURSES_WIDECHAR 1
#define _XOPEN_SOURCE_EXTENDED 1
#include <locale.h>
#include <wchar.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>
#include <sys/ioctl.h>

/// The standard screen; `stdscr` is a macro in ncurses builds with reentrant support.
static inline WINDOW *cn_stdscr(void) { return stdscr; }
/// COLOR_PAIR(n) as a function.
static inline int cn_color_pair(int n) { return COLOR_PAIR(n); }
/// getmaxx / getmaxy are macros.
static inline int cn_getmaxx(WINDOW *w) { return getmaxx(w); }
static inline int cn_getmaxy(WINDOW *w) { return getmaxy(w); }
/// Attribute constants are macros built from NCURSES_BITS.
static inline attr_t cn_a_bold(void) { return A_BOLD; }
static inline attr_t cn_a_dim(void) { return A_DIM; }
static inline attr_t cn_a_reverse(void) { return A_REVERSE; }
static inline attr_t cn_a_underline(void) { return A_UNDERLINE; }
static inline attr_t cn_a_italic(void) { return A_ITALIC; }
static inline attr_t cn_a_normal(void) { return A_NORMAL; }
/// The key code ncurses reports after a terminal resize.
static inline int cn_key_resize(void) { return KEY_RESIZE; }
/// The key code ncurses reports for a mouse event.
static inline int cn_key_mouse(void) { return KEY_MOUSE; }
/// The mouse events storeterm asks for: a left-button press, click or release.
static inline mmask_t cn_left_button_mask(void) {
  return BUTTON1_PRESSED | BUTTON1_CLICKED | BUTTON1_RELEASED;
}
/// The left-button events storeterm acts on: a press or a click.
static inline mmask_t cn_left_click_mask(void) { return BUTTON1_PRESSED | BUTTON1_CLICKED; }
/// wcwidth is hidden by glibc's feature macros in this header set; it is what ncurses measures with.
extern int wcwidth(wchar_t c);
static inline int cn_wcwidth(wchar_t c) { return wcwidth(c); }
/// KEY_F(n) is a macro.
static inline int cn_key_f(int n) { return KEY_F(n); }
/// COLORS and COLOR_PAIRS are variables or macros depending on the ncurses build.
static inline int cn_colors(void) { return COLORS; }
static inline int cn_color_pairs(void) { return COLOR_PAIRS; }

/// Checks the terminal type in TERM without starting curses or writing anything:
/// 0 usable, 1 unknown to terminfo, 2 it cannot move the cursor (such as TERM=dumb),
/// 3 generic or hard-copy.
static inline int cn_probe_terminal(void) {
  int status = 0;
  TERMINAL *previous = cur_term;
  if (setupterm(NULL, 1, &status) != OK) return status == 1 ? 3 : 1;
  const char *address = tigetstr("cup");
  int result = (address == NULL || address == (const char *)-1) ? 2 : 0;
  TERMINAL *probe = set_curterm(previous);
  del_curterm(probe);
  return result;
}

/// A terminfo string capability as bytes, or NULL when the terminal lacks it.
static inline const char *cn_capability(const char *name) {
  const char *value = tigetstr(name);
  return value == (const char *)-1 ? NULL : value;
}

/// The window size the kernel reports for a terminal file descriptor; 0 on success, -1 when
/// it reports none. ioctl is variadic, which Swift cannot call.
/// (Parameter names avoid `columns` and `lines`, which term.h defines as macros.)
static inline int cn_window_size(int fd, int *width, int *height) {
  struct winsize size;
  if (ioctl(fd, TIOCGWINSZ, &size) != 0 || size.ws_col == 0 || size.ws_row == 0) return -1;
  *width = size.ws_col;
  *height = size.ws_row;
  return 0;
}

#endif
