import { Check } from "lucide-react";
import { Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TWebsitePackage } from "../../../../shared/price-math.ts";
import { Button } from "../../../components/ui/Button.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { useCheckoutPending } from "../../../lib/checkout.ts";
import { useCatalogueText } from "../catalogue-text.ts";
import { useChoose, useSelectedChoice } from "../selection.ts";
import { lazyWithPreload } from "./lazy-dialog.ts";

const PackageDialog = lazyWithPreload(
  async () => (await import("./PackageDetailsDialog.tsx")).PackageDetailsDialog,
);

export function PackageCard({ pkg }: { pkg: TWebsitePackage }) {
  const [open, setOpen] = useState(false);
  const { t } = useTranslation("marketing");
  const text = useCatalogueText();
  const name = text.packageName(pkg);
  const choose = useChoose();
  const processing = useCheckoutPending();
  const selected = useSelectedChoice();
  const isSelected = selected?.kind === "package" && selected.id === pkg.id;
  const overTime = pkg.modalContent.paymentOptions.find((o) => o.downPayment !== null);
  const onChoose = (
    extra: { paymentOption?: "setup-monthly" | "pay-over-time"; addOns?: string[] } = {},
  ) => {
    setOpen(false);
    void choose({ kind: "package", id: pkg.id, name, websiteKind: name, ...extra });
  };
  return (
    <article
      id={`package-${pkg.id}`}
      aria-labelledby={`package-${pkg.id}-name`}
      data-selected={isSelected || undefined}
      className={cn(
        "relative flex scroll-mt-28 flex-col rounded-2xl border border-border bg-card p-6 shadow-sm transition hover:-translate-y-0.5 hover:shadow-md",
        isSelected && "border-emerald-500 ring-2 ring-emerald-500",
      )}
    >
      {isSelected ? (
        <p className="absolute right-4 top-4 rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300">
          {t("plans.selected")}
        </p>
      ) : null}
      <h3 id={`package-${pkg.id}-name`} className="pr-16 text-lg font-semibold">
        {name}
      </h3>
      <p className="mt-1 text-sm text-muted-foreground">{text.packageDescription(pkg)}</p>
      <p className="mt-4 flex flex-wrap items-baseline gap-x-1">
        <span className="text-3xl font-bold tracking-tight">{text.money(pkg.setupFee)}</span>
        <span className="text-sm text-muted-foreground">
          {t("packages.setupPlusMonthly", { monthly: text.money(pkg.monthlyPrice) })}
        </span>
      </p>
      <p className="mt-1 h-5 text-xs text-muted-foreground">
        {overTime ? t("packages.or", { option: text.paymentOption(overTime).label }) : null}
      </p>
      {/* Cards show the first three features (spec); the dialog has them all. */}
      <ul className="mt-4 flex-1 space-y-2 text-sm">
        {text
          .packageList(pkg, "features")
          .slice(0, 3)
          .map((f) => (
            <li key={f} className="flex gap-2">
              <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
              {f}
            </li>
          ))}
      </ul>
      <div className="mt-6 grid grid-cols-2 gap-2">
        <Button
          variant="outline"
          onClick={() => setOpen(true)}
          onPointerEnter={() => void PackageDialog.preload()}
          onFocus={() => void PackageDialog.preload()}
          aria-label={t("packages.viewDetailsOf", { name })}
        >
          {t("actions.viewDetails")}
        </Button>
        <Button
          onClick={() => onChoose()}
          disabled={processing}
          aria-label={t("packages.chooseName", { name })}
        >
          {processing ? t("actions.processing") : t("packages.choose")}
        </Button>
      </div>
      {open ? (
        <Suspense fallback={null}>
          <PackageDialog.Component
            pkg={pkg}
            open={open}
            onOpenChange={setOpen}
            onChoose={onChoose}
          />
        </Suspense>
      ) : null}
    </article>
  );
}
