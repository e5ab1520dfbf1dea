/** Shell spec section 9: "Sidebar width about 251px". */
export const SIDEBAR_WIDTH = 251;
export const TOP_BAR_HEIGHT = 64;
/** Below this width the sidebar starts closed and overlays the page instead of pushing it. */
export const WIDE_SCREEN_MIN = 900;
