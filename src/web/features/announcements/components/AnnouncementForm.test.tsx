import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Toaster } from "sonner";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../lib/api.ts";
import { AnnouncementForm } from "./AnnouncementForm.tsx";

function renderForm(onSubmit: () => Promise<void>) {
  render(
    <>
      <AnnouncementForm
        withEmail
        submitLabel="Post Announcement"
        pendingLabel="Posting..."
        pending={false}
        onSubmit={onSubmit}
        errorTitle="Could not post the announcement"
        onCancel={() => {}}
      />
      <Toaster />
    </>,
  );
}

function messageOf(label: string): string | null {
  const id = screen.getByLabelText(label).getAttribute("aria-describedby");
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

async function fillAndPost() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText("Title"), "Holiday schedule");
  await user.type(screen.getByLabelText("Announcement"), "The plant closes on the 24th.");
  await user.click(screen.getByRole("button", { name: "Post Announcement" }));
}

describe("the announcement form", () => {
  it("checks its fields before it calls the server", async () => {
    const onSubmit = vi.fn(async () => {});
    renderForm(onSubmit);
    await userEvent.click(screen.getByRole("button", { name: "Post Announcement" }));
    await waitFor(() => expect(messageOf("Title")).not.toBeNull());
    expect(messageOf("Announcement")).not.toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("shows a refused field under its input", async () => {
    renderForm(async () => {
      throw new ApiError(400, "Choose a category", "VALIDATION_FAILED", {
        category: "Choose a category",
      });
    });
    await fillAndPost();
    await waitFor(() => expect(messageOf("Category")).toBe("Choose a category"));
    expect(screen.queryByText("Could not post the announcement")).toBeNull();
  });

  it("shows any other failure in a toast with the form's title and the server's message", async () => {
    renderForm(async () => {
      throw new ApiError(403, "Your organization is read-only.", "FORBIDDEN");
    });
    await fillAndPost();
    expect(await screen.findByText("Could not post the announcement")).toBeTruthy();
    expect(screen.getByText("Your organization is read-only.")).toBeTruthy();
    expect(messageOf("Title")).toBeNull();
  });
});
