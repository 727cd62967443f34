/**
 * Keeps a click made on a pre-rendered part of a page before its code has arrived (issue 15).
 * React leaves such a part's HTML in place, inert, until its lazy code loads; a click there
 * used to be lost (the Annual toggle fell back, 'Start free trial' did nothing). Until
 * `live()`, a click inside `element` is held (not acted on by the browser either) and asks for
 * the code at once; `live()` then plays the last held click on the same element, which React
 * now handles.
 */
export function holdEarlyClicks(element: HTMLElement, wanted: () => void) {
  let pending: HTMLElement | null = null;
  const onClick = (event: MouseEvent) => {
    if (!(event.target instanceof Element)) return;
    event.preventDefault();
    event.stopPropagation();
    pending =
      event.target.closest<HTMLElement>("button, a, input, select, label, [role]") ??
      (event.target as HTMLElement);
    wanted();
  };
  // Pointing at or focusing the part is a strong hint a click follows: start loading now.
  const onIntent = () => wanted();
  element.addEventListener("click", onClick, true);
  for (const type of ["pointerdown", "focusin", "touchstart"] as const)
    element.addEventListener(type, onIntent, { capture: true, passive: true });
  const dispose = () => {
    element.removeEventListener("click", onClick, true);
    for (const type of ["pointerdown", "focusin", "touchstart"] as const)
      element.removeEventListener(type, onIntent, { capture: true });
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
