/**
 * Keeps a click made on a pre-rendered part of a page before its code has arrived (issue 15).
 * React leaves such a part's HTML in place, inert, until its lazy code loads; a click there
 * used to be lost (the Annual toggle fell back, 'Start free trial' did nothing). Until
 * `live()`, a click inside `element` is held (not acted on by the browser either) and asks for
 * the code at once; `live()` then plays the last held click on the same element, which React
 * now handles.
 *
 * The listeners sit on the window, capturing: React's own listener on the root comes first
 * otherwise, and for a part still waiting for its code it stops the click there while the
 * browser's default action (checking a radio) still happens, out of React's sight.
 */
export function holdEarlyClicks(element: HTMLElement, wanted: () => void) {
  let pending: HTMLElement | null = null;
  const view = element.ownerDocument.defaultView ?? window;
  const inside = (event: Event) =>
    event.target instanceof Element && element.contains(event.target) ? event.target : null;
  const onClick = (event: MouseEvent) => {
    const target = inside(event);
    if (!target) return;
    event.preventDefault();
    event.stopPropagation();
    pending =
      target.closest<HTMLElement>("button, a, input, select, label, [role]") ??
      (target as HTMLElement);
    wanted();
  };
  // Pointing at or focusing the part is a strong hint a click follows: start loading now.
  const onIntent = (event: Event) => {
    if (inside(event)) wanted();
  };
  const intents = ["pointerdown", "focusin", "touchstart"] as const;
  view.addEventListener("click", onClick, true);
  for (const type of intents)
    view.addEventListener(type, onIntent, { capture: true, passive: true });
  const dispose = () => {
    view.removeEventListener("click", onClick, true);
    for (const type of intents) view.removeEventListener(type, onIntent, { capture: true });
  };
  return {
    live() {
      dispose();
      const target = pending;
      pending = null;
      // After React has committed the hydrated part and attached its handlers.
      if (target?.isConnected) setTimeout(() => target.click(), 0);
    },
    dispose,
  };
}
