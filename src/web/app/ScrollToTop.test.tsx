import { act, render } from "@testing-library/react";
import { createMemoryRouter, Outlet, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ScrollToTop } from "./ScrollToTop.tsx";

/** Which navigations start the new page at its top, and which leave the scroll alone. */
describe("ScrollToTop", () => {
  let scrollTo: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    scrollTo = vi.fn();
    vi.stubGlobal("scrollTo", scrollTo);
  });
  afterEach(() => vi.unstubAllGlobals());

  function start(path: string) {
    const router = createMemoryRouter(
      [
        {
          element: (
            <>
              <ScrollToTop />
              <Outlet />
            </>
          ),
          children: [
            { path: "/grievances", element: <p>tracker</p> },
            { path: "/grievances/:id", element: <p>detail</p> },
            { path: "/home", element: <p>home</p> },
          ],
        },
      ],
      { initialEntries: [path] },
    );
    render(<RouterProvider router={router} />);
    return router;
  }

  it("leaves the first page where the browser put it", () => {
    start("/grievances");
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it("starts a page opened by a link or a redirect at its top", async () => {
    const router = start("/grievances");
    await act(() => router.navigate("/grievances/G-2026-0001"));
    expect(scrollTo).toHaveBeenCalledExactlyOnceWith(0, 0);
    await act(() => router.navigate("/grievances", { replace: true }));
    expect(scrollTo).toHaveBeenCalledTimes(2);
  });

  it("keeps the scroll when only the query changes (the tracker's filters)", async () => {
    const router = start("/grievances");
    await act(() => router.navigate("/grievances?status=pending"));
    await act(() => router.navigate("/grievances?status=pending&q=line"));
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it("leaves back and forward to the browser, and an #anchor to its page", async () => {
    const router = start("/grievances");
    await act(() => router.navigate("/grievances/G-2026-0001"));
    scrollTo.mockClear();
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe("/grievances");
    await act(() => router.navigate("/home#pricing"));
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
