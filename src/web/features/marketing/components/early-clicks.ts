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
/** Child indexes from `root` down to `node`. */
function pathFrom(root: Element, node: Element): number[] {
  const path: number[] = [];
  for (let at: Element | null = node; at && at !== root; at = at.parentElement) {
    path.unshift(at.parentElement ? Array.from(at.parentElement.children).indexOf(at) : 0);
  }
  return path;
}

/** The element at `path` under `root`, when it has the same tag (and so likely is the same). */
function atPath(root: Element, path: number[], tag: string): HTMLElement | null {
  let at: Element | undefined = root;
  for (const index of path) at = at?.children[index];
  return at instanceof HTMLElement && at.tagName === tag ? at : null;
}

export function holdEarlyClicks(element: HTMLElement, wanted: () => void) {
  let pending: HTMLElement | null = null;
  let pendingPath: number[] = [];
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
    pendingPath = pathFrom(element, pending);
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
      const held = pending;
      pending = null;
      // React may have rendered the part afresh rather than adopt its HTML (it does when the
      // HTML differs from what it renders): the held element is then gone, and the click goes
      // to the element now in its place.
      const target = held && !held.isConnected ? atPath(element, pendingPath, held.tagName) : held;
      // After React has committed the hydrated part and attached its handlers.
      if (target?.isConnected) setTimeout(() => target.click(), 0);
    },
    dispose,
  };
}
