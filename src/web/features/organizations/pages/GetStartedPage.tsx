import { zodResolver } from "@hookform/resolvers/zod";
import { Check } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Navigate, useNavigate } from "react-router";
import { toast } from "sonner";
import { z } from "zod";
import {
  annualSavingPercent,
  catalogueAnnualSaving,
  formatUsd,
  planFeatureLines,
  subscriptionPlans,
  type TBillingCycle,
  type TPlan,
  TRIAL_DAYS,
} from "../../../../shared/plans.ts";
import { BillingMessages } from "../../../../shared/schemas/billing.ts";
import { ZOrganizationName } from "../../../../shared/schemas/organizations.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { Dialog, DialogContent } from "../../../components/ui/dialog.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { ApiError } from "../../../lib/api.ts";
import { applyServerErrors } from "../../../lib/form-errors.ts";
import { usePageTitle } from "../../../lib/page-title.ts";
import { useMe } from "../../../lib/session.ts";
import { useCreateOrganization } from "../api/organizations.ts";

const ZDetails = z.object({ name: ZOrganizationName });

/** A plan chosen on the public pages before signing in (product-decisions.md 1 allows these two keys). */
function storedChoice(): { planId: string | null; cycle: TBillingCycle } {
  try {
    return {
      planId: localStorage.getItem("selectedPlanId"),
      cycle: localStorage.getItem("selectedBillingCycle") === "yearly" ? "yearly" : "monthly",
    };
  } catch {
    return { planId: null, cycle: "monthly" };
  }
}

const priceOf = (plan: TPlan, cycle: TBillingCycle) =>
  cycle === "yearly" ? plan.yearlyPrice : plan.monthlyPrice;

/** Two steps for a new admin: the organization's name, then a plan; a 14-day trial starts. */
export function GetStartedPage() {
  usePageTitle("Get started");
  const navigate = useNavigate();
  const { me } = useMe();
  const plans = subscriptionPlans();
  const initial = storedChoice();
  const [step, setStep] = useState<1 | 2>(1);
  const [name, setName] = useState("");
  const [cycle, setCycle] = useState<TBillingCycle>(initial.cycle);
  const [planId, setPlanId] = useState<string | null>(
    plans.some((p) => p.id === initial.planId) ? initial.planId : null,
  );
  const [confirming, setConfirming] = useState(false);
  // Set while creating: the new organization must not bounce the page before it navigates.
  const [paying, setPaying] = useState(false);
  const create = useCreateOrganization();
  const form = useForm<z.infer<typeof ZDetails>>({
    resolver: zodResolver(ZDetails),
    defaultValues: { name: "" },
  });

  if (me?.organization && !paying) return <Navigate to="/dashboard" replace />;
  if (me && me.user.accountType !== "admin") return <Navigate to="/join-org" replace />;

  const chosen = plans.find((p) => p.id === planId);
  const saving = catalogueAnnualSaving(plans);

  function continueToPayment() {
    if (!chosen) {
      toast.error("No plan selected", { description: "Please select a plan before proceeding." });
      return;
    }
    setConfirming(true);
  }

  async function confirm() {
    if (!chosen) return;
    try {
      setPaying(true);
      const org = await create.mutateAsync({ name, plan: chosen.id, billingCycle: cycle });
      localStorage.removeItem("selectedPlanId");
      localStorage.removeItem("selectedBillingCycle");
      // The no-card trial starts with the organization: nothing is charged, so no checkout
      // page follows (issue 14: it was a second 'Start free trial' page). Keeping the plan
      // after the trial is a checkout from Billing.
      toast.success(BillingMessages.trialStarted, {
        description: `${org.name} is on a ${TRIAL_DAYS}-day free trial of ${chosen.name}. Keep it after the trial under Settings > Billing.`,
      });
      await navigate("/dashboard");
    } catch (error) {
      setPaying(false);
      // A refused name goes back to step 1, under its input.
      if (error instanceof ApiError && error.fields?.name) {
        setConfirming(false);
        setStep(1);
      }
      applyServerErrors(form, error, "Setup failed");
    }
  }

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Create your organization</h1>
        <p className="text-muted-foreground">
          Step {step} of 2: {step === 1 ? "Organization details" : "Choose a plan"}
        </p>
      </div>

      {step === 1 ? (
        <Card className="max-w-xl">
          <CardHeader>
            <CardTitle>Organization details</CardTitle>
            <CardDescription>
              The name your members will see, e.g. "Teamsters Local 117".
            </CardDescription>
          </CardHeader>
          <CardContent>
            <form
              className="space-y-4"
              noValidate
              onSubmit={form.handleSubmit((values) => {
                setName(values.name);
                setStep(2);
              })}
            >
              <Field label="Organization name" error={form.formState.errors.name?.message}>
                <Input autoComplete="organization" {...form.register("name")} />
              </Field>
              <Button type="submit">Next: choose a plan</Button>
            </form>
          </CardContent>
        </Card>
      ) : (
        <div className="space-y-5">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <fieldset className="inline-flex rounded-lg border border-border bg-card p-1">
              <legend className="sr-only">Billing cycle</legend>
              {(["monthly", "yearly"] as const).map((c) => (
                <label
                  key={c}
                  className={cn(
                    "cursor-pointer rounded-md px-4 py-1.5 text-sm font-medium capitalize has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring",
                    cycle === c ? "bg-primary text-primary-foreground" : "hover:bg-muted",
                  )}
                >
                  <input
                    type="radio"
                    name="billing-cycle"
                    value={c}
                    checked={cycle === c}
                    onChange={() => setCycle(c)}
                    className="sr-only"
                  />
                  {c}
                  {c === "yearly" && saving > 0 ? (
                    <span className="ml-2 text-xs">Save {saving}%</span>
                  ) : null}
                </label>
              ))}
            </fieldset>
            <p className="text-sm text-muted-foreground">
              {TRIAL_DAYS}-day free trial. No credit card needed.
            </p>
          </div>
          <fieldset className="grid gap-4 md:grid-cols-3">
            <legend className="sr-only">Plan</legend>
            {plans.map((plan) => {
              const price = priceOf(plan, cycle);
              const selected = plan.id === planId;
              return (
                <label
                  key={plan.id}
                  className={cn(
                    "relative flex cursor-pointer flex-col gap-3 rounded-xl border bg-card p-5 text-left shadow-sm transition has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring",
                    selected
                      ? "border-primary ring-2 ring-primary"
                      : "border-border hover:border-primary/50",
                  )}
                >
                  <input
                    type="radio"
                    name="plan"
                    value={plan.id}
                    checked={selected}
                    onChange={() => setPlanId(plan.id)}
                    aria-labelledby={`plan-${plan.id}-name`}
                    aria-describedby={`plan-${plan.id}-price`}
                    className="sr-only"
                  />
                  {plan.popular ? (
                    <Badge tone="blue" className="absolute right-4 top-4">
                      Most popular
                    </Badge>
                  ) : null}
                  <span id={`plan-${plan.id}-name`} className="text-lg font-semibold">
                    {plan.name}
                  </span>
                  <span className="text-sm text-muted-foreground">{plan.description}</span>
                  <span id={`plan-${plan.id}-price`}>
                    <span className="text-3xl font-bold">
                      {price === null ? "Custom" : formatUsd(price)}
                    </span>
                    <span className="text-sm text-muted-foreground">
                      /{cycle === "yearly" ? "year" : "month"}
                    </span>
                  </span>
                  {cycle === "yearly" && plan.monthlyPrice && plan.yearlyPrice ? (
                    <span className="text-xs text-green-700 dark:text-green-400">
                      Save {annualSavingPercent(plan.monthlyPrice, plan.yearlyPrice)}% against
                      monthly
                    </span>
                  ) : null}
                  <ul className="space-y-1 text-sm">
                    {planFeatureLines(plan)
                      .slice(0, 5)
                      .map((f) => (
                        <li key={f} className="flex gap-2">
                          <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
                          {f}
                        </li>
                      ))}
                  </ul>
                </label>
              );
            })}
          </fieldset>
          <div className="flex flex-wrap gap-3">
            <Button variant="outline" onClick={() => setStep(1)}>
              Back
            </Button>
            <Button onClick={continueToPayment} disabled={!chosen}>
              Continue to Payment
            </Button>
          </div>
        </div>
      )}

      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent
          title="Start your free trial"
          description={`${name} on the ${chosen?.name ?? ""} plan, billed ${cycle}.`}
        >
          {chosen ? (
            <div className="space-y-4">
              <Alert tone="info">
                Nothing is charged today. After {TRIAL_DAYS} days the plan costs{" "}
                {formatUsd(priceOf(chosen, cycle) ?? 0)} per {cycle === "yearly" ? "year" : "month"}
                ; you can pay or cancel any time before.
              </Alert>
              <div className="flex justify-end gap-2">
                <Button variant="outline" onClick={() => setConfirming(false)}>
                  Cancel
                </Button>
                <Button onClick={confirm} disabled={create.isPending || paying}>
                  {create.isPending ? "Creating..." : "Confirm"}
                </Button>
              </div>
            </div>
          ) : null}
        </DialogContent>
      </Dialog>
    </div>
  );
}
