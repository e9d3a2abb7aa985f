#ifndef STORETERM_CNCURSES_SHIM_H
#define STORETERM_CNCURSES_SHIM_H

#define NCURSES_WIDECHAR 1
#define _XOPEN_SOURCE_EXTENDED 1
#include <locale.h>
#include <wchar.h>
#include <ncursesw/curses.h>

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

#endif
