import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useForm } from "react-hook-form";
import { describe, expect, it, vi } from "vitest";
import { Field } from "../components/ui/Field.tsx";
import { Input } from "../components/ui/Input.tsx";
import { ApiError } from "./api.ts";
import { applyServerErrors } from "./form-errors.ts";

interface Values {
  title: string;
  details: { name: string };
}

/** A form whose submission fails with `error`; what no input shows goes to `rest`. */
function FailingForm({
  error,
  rest,
  fieldPrefix,
}: {
  error: unknown;
  rest: (message: string) => void;
  fieldPrefix?: string;
}) {
  const form = useForm<Values>({ defaultValues: { title: "", details: { name: "" } } });
  const { errors } = form.formState;
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(() =>
        applyServerErrors(form, error, rest, fieldPrefix ? { fieldPrefix } : {}),
      )}
    >
      <Field label="Title" error={errors.title?.message}>
        <Input {...form.register("title")} />
      </Field>
      <Field label="Name" error={errors.details?.name?.message}>
        <Input {...form.register("details.name")} />
      </Field>
      <button type="submit">Save</button>
    </form>
  );
}

const validation = (fields: Record<string, string>) =>
  new ApiError(400, Object.values(fields)[0] ?? "", "VALIDATION_FAILED", fields);

/** The message that describes the input labelled `label` (Field's aria-describedby). */
function messageOf(label: string): string | null {
  const id = screen.getByLabelText(label).getAttribute("aria-describedby");
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

describe("applyServerErrors", () => {
  it("puts each server field message on its input and focuses the first", async () => {
    const rest = vi.fn();
    const error = validation({ title: "Title is taken", "details.name": "Name is too short" });
    render(<FailingForm error={error} rest={rest} />);
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(messageOf("Title")).toBe("Title is taken"));
    expect(messageOf("Name")).toBe("Name is too short");
    expect(screen.getByLabelText("Title").getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(screen.getByLabelText("Title"));
    // Every message is on an input: nothing else to show.
    expect(rest).not.toHaveBeenCalled();
  });

  it("strips the server's prefix of a nested body", async () => {
    const rest = vi.fn();
    const error = validation({ "details.title": "Say what it is about" });
    render(<FailingForm error={error} rest={rest} fieldPrefix="details." />);
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(messageOf("Title")).toBe("Say what it is about"));
    expect(rest).not.toHaveBeenCalled();
  });

  it("sends a field the form does not have to the rest, and places the others", async () => {
    const rest = vi.fn();
    const error = validation({ title: "Title is taken", plan: "Please select a plan" });
    render(<FailingForm error={error} rest={rest} />);
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(rest).toHaveBeenCalledWith("Please select a plan"));
    expect(messageOf("Title")).toBe("Title is taken");
  });

  it("sends an error without fields to the rest, with its message", async () => {
    const rest = vi.fn();
    const error = new ApiError(409, "This member is already invited.", "CONFLICT");
    render(<FailingForm error={error} rest={rest} />);
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(rest).toHaveBeenCalledWith("This member is already invited."));
    expect(screen.getByLabelText("Title").getAttribute("aria-invalid")).toBeNull();
  });
});
