import { Mail } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type TBillingCycle, type TPlan, TRIAL_DAYS } from "../../../../shared/plans.ts";
import { Button } from "../../../components/ui/Button.tsx";
import { useCheckoutPending } from "../../../lib/checkout.ts";
import { useCatalogueText } from "../catalogue-text.ts";
import { MarketingDialog } from "./MarketingDialog.tsx";
import { ENTERPRISE_CONTACT, FeatureList, PriceTag } from "./PlanCards.tsx";

/** Loaded on demand (PlanCards.tsx): the dialogs of the plan cards. */

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
  const { t } = useTranslation("marketing");
  const text = useCatalogueText();
  const limits = [
    [
      t("plans.users"),
      plan.maxUsers === null ? t("plans.unlimited") : t("plans.upTo", { count: plan.maxUsers }),
    ],
    [
      t("plans.storage"),
      plan.storageGb === null
        ? t("plans.unlimited")
        : t("plans.storageGb", { count: plan.storageGb }),
    ],
    [t("plans.roles"), plan.allowedRoles.map((r) => t(`plans.role.${r}`)).join(", ")],
    [t("plans.roleBased"), plan.hasRoleBasedAccess ? t("plans.included") : t("plans.notIncluded")],
  ];
  return (
    <MarketingDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("plans.dialogTitle", { name: text.planName(plan) })}
      description={text.planDescription(plan)}
      badge={
        plan.popular ? (
          <span className="rounded-full bg-primary/10 px-2.5 py-0.5 text-xs font-semibold text-primary dark:text-blue-300">
            {t("plans.mostPopular")}
          </span>
        ) : null
      }
      footer={
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-muted-foreground">
            {t("plans.trialNote", { days: TRIAL_DAYS })}
          </p>
          <Button onClick={onChoose} disabled={processing}>
            {processing ? t("actions.processing") : t("actions.startTrial")}
          </Button>
        </div>
      }
    >
      <div className="grid gap-6 sm:grid-cols-2">
        <div className="space-y-4">
          <div className="rounded-xl border border-border p-4">
            <p className="text-sm font-medium text-muted-foreground">
              {cycle === "yearly" ? t("plans.billedAnnually") : t("plans.billedMonthly")}
            </p>
            <PriceTag plan={plan} cycle={cycle} />
            <p className="text-sm text-muted-foreground">
              {cycle === "yearly"
                ? t("plans.orMonthly", { amount: text.money(plan.monthlyPrice ?? 0) })
                : t("plans.orYearly", { amount: text.money(plan.yearlyPrice ?? 0) })}
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
          <h3 className="mb-3 text-sm font-semibold">{t("plans.whatsIncluded")}</h3>
          {/* The limits above say the users; the list does not repeat them. */}
          <FeatureList items={text.planFeaturesBesidesUserLimit(plan)} />
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
  const { t } = useTranslation("marketing");
  const text = useCatalogueText();
  return (
    <MarketingDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("plans.enterpriseTitle")}
      description={text.planDescription(plan)}
      footer={
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
          <Button asChild variant="ghost">
            <a href={mailto}>
              <Mail aria-hidden /> {t("plans.emailSales")}
            </a>
          </Button>
          <Button asChild>
            <Link to={ENTERPRISE_CONTACT}>{t("actions.contactSales")}</Link>
          </Button>
        </div>
      }
    >
      <div className="space-y-4">
        <p className="text-sm text-muted-foreground">
          {t("plans.enterpriseText", { email: salesEmail })}
        </p>
        <FeatureList items={text.planFeatureLines(plan)} />
      </div>
    </MarketingDialog>
  );
}
