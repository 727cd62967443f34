import { zodResolver } from "@hookform/resolvers/zod";
import { Check } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Navigate, useNavigate } from "react-router";
import { z } from "zod";
import { formatMoney } from "../../../../shared/i18n/format.ts";
import {
  annualSavingPercent,
  catalogueAnnualSaving,
  planFeatureLines,
  subscriptionPlans,
  type TBillingCycle,
  type TPlan,
  TRIAL_DAYS,
} from "../../../../shared/plans.ts";
import { BillingMessages } from "../../../../shared/schemas/billing.ts";
import { ZOrganizationName } from "../../../../shared/schemas/organizations.ts";
import { Alert } from "../../../components/ui/Alert.tsx";
import { Badge } from "../../../components/ui/Badge.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/Card.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { Dialog, DialogContent } from "../../../components/ui/Dialog.tsx";
import { Field } from "../../../components/ui/Field.tsx";
import { Input } from "../../../components/ui/Input.tsx";
import { ApiError } from "../../../lib/api.ts";
import { applyServerErrors } from "../../../lib/form-errors.ts";
import { currentLanguage, translateMessage } from "../../../lib/i18n.ts";
import { usePageTitle } from "../../../lib/page-title.ts";
import { useMe } from "../../../lib/session.ts";
import { toast } from "../../../lib/toast.ts";
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
  const { t } = useTranslation("organizations");
  usePageTitle(t("getStarted.pageTitle"));
  const language = currentLanguage();
  // Whole dollars, as the plan catalogue shows them.
  const money = (dollars: number) => formatMoney(language, Math.round(dollars));
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
  const nameError = form.formState.errors.name?.message;
  const saving = catalogueAnnualSaving(plans);

  function continueToPayment() {
    if (!chosen) {
      toast.error(t("getStarted.noPlan.title"), {
        description: t("getStarted.noPlan.description"),
      });
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
      toast.success(translateMessage(BillingMessages.trialStarted), {
        description: t("getStarted.trialStarted", {
          organization: org.name,
          days: TRIAL_DAYS,
          plan: chosen.name,
        }),
      });
      await navigate("/dashboard");
    } catch (error) {
      setPaying(false);
      // A refused name goes back to step 1, under its input.
      if (error instanceof ApiError && error.fields?.name) {
        setConfirming(false);
        setStep(1);
      }
      applyServerErrors(form, error, t("getStarted.setupFailed"));
    }
  }

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">{t("getStarted.title")}</h1>
        <p className="text-muted-foreground">
          {t("getStarted.stepOf", {
            step,
            name: step === 1 ? t("getStarted.details.title") : t("getStarted.choosePlan"),
          })}
        </p>
      </div>

      {step === 1 ? (
        <Card className="max-w-xl">
          <CardHeader>
            <CardTitle>{t("getStarted.details.title")}</CardTitle>
            <CardDescription>{t("getStarted.details.description")}</CardDescription>
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
              <Field
                label={t("getStarted.details.name")}
                error={nameError && translateMessage(nameError)}
              >
                <Input autoComplete="organization" {...form.register("name")} />
              </Field>
              <Button type="submit">{t("getStarted.details.next")}</Button>
            </form>
          </CardContent>
        </Card>
      ) : (
        <div className="space-y-5">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <fieldset className="inline-flex rounded-lg border border-border bg-card p-1">
              <legend className="sr-only">{t("getStarted.billingCycle")}</legend>
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
                  {t(`getStarted.cycle.${c}`)}
                  {c === "yearly" && saving > 0 ? (
                    <span className="ml-2 text-xs">
                      {t("getStarted.savePercent", { percent: saving })}
                    </span>
                  ) : null}
                </label>
              ))}
            </fieldset>
            <p className="text-sm text-muted-foreground">
              {t("getStarted.trialNote", { days: TRIAL_DAYS })}
            </p>
          </div>
          <fieldset className="grid gap-4 md:grid-cols-3">
            <legend className="sr-only">{t("getStarted.plan")}</legend>
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
                      {t("getStarted.mostPopular")}
                    </Badge>
                  ) : null}
                  <span id={`plan-${plan.id}-name`} className="text-lg font-semibold">
                    {plan.name}
                  </span>
                  <span className="text-sm text-muted-foreground">{plan.description}</span>
                  <span id={`plan-${plan.id}-price`}>
                    <span className="text-3xl font-bold">
                      {price === null ? t("getStarted.custom") : money(price)}
                    </span>
                    <span className="text-sm text-muted-foreground">
                      {cycle === "yearly" ? t("getStarted.perYear") : t("getStarted.perMonth")}
                    </span>
                  </span>
                  {cycle === "yearly" && plan.monthlyPrice && plan.yearlyPrice ? (
                    <span className="text-xs text-green-700 dark:text-green-400">
                      {t("getStarted.saveAgainstMonthly", {
                        percent: annualSavingPercent(plan.monthlyPrice, plan.yearlyPrice),
                      })}
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
              {t("getStarted.back")}
            </Button>
            <Button onClick={continueToPayment} disabled={!chosen}>
              {t("getStarted.continue")}
            </Button>
          </div>
        </div>
      )}

      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent
          title={t("getStarted.confirm.title")}
          description={t("getStarted.confirm.description", {
            context: cycle,
            organization: name,
            plan: chosen?.name ?? "",
          })}
        >
          {chosen ? (
            <div className="space-y-4">
              <Alert tone="info">
                {t("getStarted.confirm.charge", {
                  context: cycle,
                  days: TRIAL_DAYS,
                  price: money(priceOf(chosen, cycle) ?? 0),
                })}
              </Alert>
              <div className="flex justify-end gap-2">
                <Button variant="outline" onClick={() => setConfirming(false)}>
                  {t("getStarted.confirm.cancel")}
                </Button>
                <Button onClick={confirm} disabled={create.isPending || paying}>
                  {create.isPending
                    ? t("getStarted.confirm.creating")
                    : t("getStarted.confirm.confirm")}
                </Button>
              </div>
            </div>
          ) : null}
        </DialogContent>
      </Dialog>
    </div>
  );
}
