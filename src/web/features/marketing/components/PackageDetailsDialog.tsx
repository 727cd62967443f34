import { ArrowRight, Check, ClipboardList } from "lucide-react";
import { RadioGroup, Switch } from "radix-ui";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { packageCharges } from "../../../../shared/charges.ts";
import { packageTotal, type TWebsitePackage } from "../../../../shared/plans.ts";
import { Button } from "../../../components/ui/Button.tsx";
import { useCheckoutPending } from "../../../lib/checkout.ts";
import { useCatalogueText } from "../catalogue-text.ts";
import { MarketingDialog } from "./MarketingDialog.tsx";

/** Loaded on demand (PackageCards.tsx): payment options, add-ons and the live total. */
export function PackageDetailsDialog({
  pkg,
  open,
  onOpenChange,
  onChoose,
}: {
  pkg: TWebsitePackage;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onChoose: (choice: {
    paymentOption?: "setup-monthly" | "pay-over-time";
    addOns?: string[];
  }) => void;
}) {
  const { modalContent: content } = pkg;
  const { t } = useTranslation("marketing");
  const text = useCatalogueText();
  const name = text.packageName(pkg);
  const processing = useCheckoutPending();
  // The payment option defaults to the first (spec: index 0); add-ons start off.
  const [optionIndex, setOptionIndex] = useState(0);
  const [addOns, setAddOns] = useState<ReadonlySet<string>>(new Set());
  const total = packageTotal(pkg, optionIndex, addOns);
  // What checkout will charge today, by the function the server's checkout uses (issue 14).
  const charges = packageCharges(pkg, optionIndex, addOns);
  const option = content.paymentOptions[optionIndex];
  const baseId = useId();
  const toggle = (id: string, on: boolean) =>
    setAddOns((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <MarketingDialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) {
          setOptionIndex(0);
          setAddOns(new Set());
        }
      }}
      title={name}
      description={text.packageDescription(pkg)}
      footer={
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <div
            aria-live="polite"
            aria-label={t("packages.total")}
            role="status"
            className="flex gap-6"
          >
            <div>
              <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
                {t("packages.dueToday")}
              </p>
              <p className="text-2xl font-bold" data-testid="package-total-due">
                {text.money(charges.dueToday)}
              </p>
              <p className="text-xs text-muted-foreground" data-testid="package-total-today">
                {text.chargeItems(charges.today)}
              </p>
            </div>
            <div>
              <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
                {total.months ? t("packages.monthlyPayments") : t("packages.monthlyHosting")}
              </p>
              <p className="text-2xl font-bold" data-testid="package-total-monthly">
                {text.money(total.monthly)}
                <span className="text-sm font-normal text-muted-foreground">
                  {t("price.perMonth")}
                </span>
                {total.months ? (
                  // Its own line: the phone's footer has no room for it beside the amount.
                  <span className="block text-sm font-normal text-muted-foreground">
                    {t("packages.forMonths", { count: total.months })}
                  </span>
                ) : null}
              </p>
            </div>
          </div>
          <div className="flex flex-col gap-1 sm:items-end">
            <Button
              disabled={processing}
              onClick={() => onChoose({ paymentOption: option?.id, addOns: [...addOns] })}
            >
              {processing ? t("actions.processing") : t("packages.chooseName", { name })}{" "}
              <ArrowRight aria-hidden />
            </Button>
            {total.perOrderPercent !== null ? (
              <p className="text-xs text-muted-foreground">
                {t("packages.perOrder", { percent: total.perOrderPercent })}
              </p>
            ) : null}
          </div>
        </div>
      }
    >
      <div className="space-y-7">
        <section aria-labelledby={`${baseId}-ideal`}>
          <h3 id={`${baseId}-ideal`} className="mb-2 text-sm font-semibold">
            {t("packages.idealFor")}
          </h3>
          <ul className="flex flex-wrap gap-2">
            {text.packageList(pkg, "idealFor").map((i) => (
              <li key={i} className="rounded-full bg-muted px-3 py-1 text-sm">
                {i}
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby={`${baseId}-features`}>
          <h3 id={`${baseId}-features`} className="mb-2 text-sm font-semibold">
            {t("packages.whatsIncluded")}
          </h3>
          <ul className="grid gap-2 text-sm sm:grid-cols-2">
            {text.packageList(pkg, "detailedFeatures").map((f) => (
              <li key={f} className="flex gap-2">
                <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
                {f}
              </li>
            ))}
          </ul>
        </section>

        {content.useCases?.length ? (
          <section aria-labelledby={`${baseId}-cases`}>
            <h3 id={`${baseId}-cases`} className="mb-2 text-sm font-semibold">
              {t("packages.useCases")}
            </h3>
            <ul className="list-disc space-y-1 pl-5 text-sm text-muted-foreground">
              {text.packageList(pkg, "useCases").map((u) => (
                <li key={u}>{u}</li>
              ))}
            </ul>
          </section>
        ) : null}

        <section aria-labelledby={`${baseId}-payment`}>
          <h3 id={`${baseId}-payment`} className="mb-2 text-sm font-semibold">
            {t("packages.paymentOption")}
          </h3>
          <RadioGroup.Root
            aria-labelledby={`${baseId}-payment`}
            value={String(optionIndex)}
            onValueChange={(v) => setOptionIndex(Number(v))}
            className="grid gap-3 sm:grid-cols-2"
          >
            {content.paymentOptions.map((o, index) => {
              const shown = text.paymentOption(o);
              return (
                <RadioGroup.Item
                  key={o.id}
                  value={String(index)}
                  className="group rounded-xl border border-border p-4 text-left transition-colors hover:border-primary/60 data-[state=checked]:border-primary data-[state=checked]:bg-primary/5 data-[state=checked]:ring-1 data-[state=checked]:ring-primary"
                >
                  <span className="flex items-start justify-between gap-3">
                    <span className="font-medium">{shown.name}</span>
                    <span
                      aria-hidden
                      className="mt-0.5 flex size-4 shrink-0 items-center justify-center rounded-full border border-border group-data-[state=checked]:border-primary"
                    >
                      <RadioGroup.Indicator className="size-2 rounded-full bg-primary" />
                    </span>
                  </span>
                  <span className="mt-1 block text-sm text-muted-foreground">{shown.label}</span>
                  <span className="mt-2 block space-y-1 text-xs text-muted-foreground">
                    {shown.benefits.map((b) => (
                      <span key={b} className="block">
                        · {b}
                      </span>
                    ))}
                  </span>
                </RadioGroup.Item>
              );
            })}
          </RadioGroup.Root>
        </section>

        {content.addOns.length ? (
          <section aria-labelledby={`${baseId}-addons`}>
            <h3 id={`${baseId}-addons`} className="mb-1 text-sm font-semibold">
              {t("packages.addOns")}
            </h3>
            <p className="mb-3 text-xs text-muted-foreground">{t("packages.addOnsNote")}</p>
            <ul className="divide-y divide-border rounded-xl border border-border">
              {content.addOns.map((a) => {
                const id = `${baseId}-addon-${a.id}`;
                const shown = text.addOn(pkg, a);
                return (
                  <li key={a.id} className="flex items-center justify-between gap-4 px-4 py-3">
                    <label htmlFor={id} className="min-w-0 flex-1 cursor-pointer">
                      <span className="block text-sm font-medium">{shown.name}</span>
                      <span className="block text-xs text-muted-foreground">
                        {shown.description}
                      </span>
                      <span className="mt-0.5 block text-xs font-medium text-primary">
                        {shown.price}
                      </span>
                    </label>
                    <Switch.Root
                      id={id}
                      checked={addOns.has(a.id)}
                      onCheckedChange={(on) => toggle(a.id, on)}
                      className="relative h-6 w-11 shrink-0 rounded-full bg-slate-300 transition-colors data-[state=checked]:bg-primary dark:bg-slate-600"
                    >
                      <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
                    </Switch.Root>
                  </li>
                );
              })}
            </ul>
          </section>
        ) : null}

        <p className="flex items-center gap-2 text-sm">
          <ClipboardList aria-hidden className="size-4 text-muted-foreground" />
          <Link to={pkg.setupRoute} className="text-primary hover:underline">
            {t("packages.seeSetup")}
          </Link>
        </p>
      </div>
    </MarketingDialog>
  );
}
