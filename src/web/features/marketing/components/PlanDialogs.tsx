import { Mail } from "lucide-react";
import { Link } from "react-router";
import {
  featuresBesidesUserLimit,
  formatUsd,
  planFeatureLines,
  type TBillingCycle,
  type TPlan,
  TRIAL_DAYS,
} from "../../../../shared/plans.ts";
import { Button } from "../../../components/ui/button.tsx";
import { PROCESSING, useCheckoutPending } from "../../../lib/checkout.ts";
import { MarketingDialog } from "./MarketingDialog.tsx";
import { ENTERPRISE_CONTACT, FeatureList, PriceTag } from "./PlanCards.tsx";

/** Loaded on demand (PlanCards.tsx): the dialogs of the plan cards. */
const roleNames = (plan: TPlan) =>
  plan.allowedRoles.map((r) => r[0]?.toUpperCase() + r.slice(1)).join(", ");

export function PlanDetailsDialog({
  plan,
  cycle,
  open,
  onOpenChange,
  onChoose,
}: {
  plan: TPlan;
  cycle: TBillingCycle;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onChoose: () => void;
}) {
  const processing = useCheckoutPending();
  const limits = [
    ["Users", plan.maxUsers === null ? "Unlimited" : `Up to ${plan.maxUsers}`],
    ["Storage", plan.storageGb === null ? "Unlimited" : `${plan.storageGb}GB`],
    ["Roles", roleNames(plan)],
    ["Role-based permissions", plan.hasRoleBasedAccess ? "Included" : "Not included"],
  ];
  return (
    <MarketingDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`${plan.name} plan`}
      description={plan.description}
      badge={
        plan.popular ? (
          <span className="rounded-full bg-primary/10 px-2.5 py-0.5 text-xs font-semibold text-primary dark:text-blue-300">
            Most popular
          </span>
        ) : null
      }
      footer={
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-muted-foreground">
            {TRIAL_DAYS}-day free trial. No credit card needed.
          </p>
          <Button onClick={onChoose} disabled={processing}>
            {processing ? PROCESSING : "Start free trial"}
          </Button>
        </div>
      }
    >
      <div className="grid gap-6 sm:grid-cols-2">
        <div className="space-y-4">
          <div className="rounded-xl border border-border p-4">
            <p className="text-sm font-medium text-muted-foreground">
              {cycle === "yearly" ? "Billed annually" : "Billed monthly"}
            </p>
            <PriceTag plan={plan} cycle={cycle} />
            <p className="text-sm text-muted-foreground">
              {cycle === "yearly"
                ? `or ${formatUsd(plan.monthlyPrice ?? 0)}/month billed monthly`
                : `or ${formatUsd(plan.yearlyPrice ?? 0)}/year billed annually`}
            </p>
          </div>
          <dl className="divide-y divide-border rounded-xl border border-border text-sm">
            {limits.map(([k, v]) => (
              <div key={k} className="flex justify-between gap-4 px-4 py-2.5">
                <dt className="text-muted-foreground">{k}</dt>
                <dd className="text-right font-medium">{v}</dd>
              </div>
            ))}
          </dl>
        </div>
        <div>
          <h3 className="mb-3 text-sm font-semibold">What's included</h3>
          {/* The limits above say the users; the list does not repeat them. */}
          <FeatureList items={featuresBesidesUserLimit(plan)} />
        </div>
      </div>
    </MarketingDialog>
  );
}

export function EnterpriseDetailsDialog({
  plan,
  salesEmail,
  mailto,
  open,
  onOpenChange,
}: {
  plan: TPlan;
  salesEmail: string;
  mailto: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <MarketingDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Enterprise plan"
      description={plan.description}
      footer={
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
          <Button asChild variant="ghost">
            <a href={mailto}>
              <Mail aria-hidden /> Email sales
            </a>
          </Button>
          <Button asChild>
            <Link to={ENTERPRISE_CONTACT}>Contact Sales</Link>
          </Button>
        </div>
      }
    >
      <div className="space-y-4">
        <p className="text-sm text-muted-foreground">
          Enterprise is priced for your organization: the number of locals and members, the support
          you need and how you want it branded. Send us the contact form, or write to {salesEmail}{" "}
          with the subject 'Enterprise Plan Inquiry'.
        </p>
        <FeatureList items={planFeatureLines(plan)} />
      </div>
    </MarketingDialog>
  );
}
