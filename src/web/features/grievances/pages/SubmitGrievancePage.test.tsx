import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { Toaster } from "sonner";
import { describe, expect, it, vi } from "vitest";
import { GrievanceForm } from "./SubmitGrievancePage.tsx";

const LISTS = {
  jobTitles: ["Machine Operator"],
  departments: ["Production"],
  locations: ["Plant 2"],
};

function renderForm(defaults = { name: "", badgeNumber: "", department: "", location: "" }) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <GrievanceForm
          defaults={defaults}
          lists={LISTS}
          staff={false}
          prefill={{ type: "individual", articles: [], relatedIds: [] }}
          today="2026-03-10"
          filingLimit={null}
        />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

/** The error message that describes the control labelled `label`, if any. */
function messageOf(label: string): string | null {
  const id = screen.getByLabelText(label).getAttribute("aria-describedby");
  const node = id ? document.getElementById(id) : null;
  return node?.getAttribute("role") === "alert" ? node.textContent : null;
}

const submit = () => userEvent.click(screen.getByRole("button", { name: "Submit Grievance" }));

describe("the grievance filing form", () => {
  it("shows the spec's required-field messages on their inputs and sends nothing", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    renderForm();
    await submit();
    await waitFor(() => expect(messageOf("Full name")).toBe("Full name is required"));
    expect(messageOf("Badge number")).toBe("Badge number is required");
    expect(messageOf("Job title")).toBe("Job title is required");
    expect(messageOf("Department")).toBe("Department is required");
    expect(messageOf("Location")).toBe("Location is required");
    expect(messageOf("What happened?")).toBe("Please provide a detailed description");
    expect(messageOf("Remedy sought")).toBe("Please describe the remedy you are seeking");
    expect(screen.getByLabelText("Full name").getAttribute("aria-invalid")).toBe("true");
    expect(fetch).not.toHaveBeenCalled();
  });

  it("puts the server's 400 field message on its input and shows the spec's toast", async () => {
    const fetch = vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            error: {
              code: "VALIDATION_FAILED",
              message: "Name the people involved.",
              fields: { description: "Name the people involved." },
            },
          }),
          { status: 400, headers: { "content-type": "application/json" } },
        ),
    );
    vi.stubGlobal("fetch", fetch);
    renderForm({
      name: "Dana Ortiz",
      badgeNumber: "B-17",
      department: "Production",
      location: "Plant 2",
    });
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText("Job title"), "Machine Operator");
    await user.type(
      screen.getByLabelText("What happened?"),
      "Overtime was assigned without notice.",
    );
    await user.type(screen.getByLabelText("Remedy sought"), "Pay for the missed overtime.");
    await user.click(screen.getByRole("button", { name: "Submit Grievance" }));

    await waitFor(() => expect(messageOf("What happened?")).toBe("Name the people involved."));
    expect(fetch).toHaveBeenCalledWith(
      "/api/grievances",
      expect.objectContaining({ method: "POST" }),
    );
    expect(messageOf("Remedy sought")).toBeNull();
    const toast = await screen.findByText("Submission Failed");
    expect(
      within(toast.closest("li") as HTMLElement).getByText(
        "There was an error submitting your grievance. Please try again.",
      ),
    ).toBeTruthy();
  });
});
