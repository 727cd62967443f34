/**
 * True while React hydrates a page pre-rendered at build (site-main.tsx). Components whose first
 * render would read the browser's storage render what the build rendered instead, then catch
 * up in an effect, so the first client render matches the HTML.
 */
export const hydration = { active: false };
