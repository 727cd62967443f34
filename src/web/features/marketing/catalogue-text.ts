import type { TFunction } from "i18next";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { ChargeItem } from "../../../shared/charges.ts";
import { formatMoney } from "../../../shared/i18n/format.ts";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "../../../shared/i18n/languages.ts";
import {
  featuresBesidesUserLimit,
  type TAddOn,
  type TPlan,
  type TWebsitePackage,
} from "../../../shared/price-math.ts";
import type { TPaymentOption } from "../../../shared/schemas/pricing.ts";

/**
 * The plan and package catalogue in the reader's language (issue 22). The catalogue's data
 * (shared/plans.ts, served by /api/pricing-plans) stays in English; its words are looked up in
 * the marketing catalogue by the plan's or package's id (`catalogue.<id>.features.<n>`), the
 * English text being the default. Prices go through Intl (formatMoney).
 */
export type CatalogueText = ReturnType<typeof catalogueText>;

/** The names of a package's checkout lines (shared/charges.ts), by the English label. */
const CHARGE_LABELS: Record<string, string> = {
  "Set-up": "setUp",
  "Down payment": "downPayment",
  "First monthly payment": "firstMonthlyPayment",
  "First month of hosting": "firstMonthOfHosting",
};

type Listed = "features" | "idealFor" | "detailedFeatures" | "useCases";

export function catalogueText(t: TFunction, language: Language) {
  const money = (amount: number) => formatMoney(language, amount);
  const text = (key: string, english: string) => t(key, { ns: "marketing", defaultValue: english });
  const perMonth = (months: number | null) =>
    months ? t("marketing:price.perMonthFor", { count: months }) : t("marketing:price.perMonth");
  const monthly = (amount: number, months: number | null) => `${money(amount)}${perMonth(months)}`;
  const planName = (plan: Pick<TPlan, "id" | "name">) =>
    text(`catalogue.${plan.id}.name`, plan.name);
  const userLimit = (plan: Pick<TPlan, "maxUsers">) =>
    plan.maxUsers === null
      ? t("marketing:price.unlimitedUsers")
      : t("marketing:price.upToUsers", { count: plan.maxUsers });
  /** One of the plan's English features, by its place in the plan's list. */
  const planFeature = (plan: Pick<TPlan, "id" | "features">, feature: string) =>
    text(`catalogue.${plan.id}.features.${plan.features.indexOf(feature)}`, feature);
  const packageOption = (option: TPaymentOption) => ({
    name: text(`paymentOptions.${option.id}.name`, option.name),
    label: packagePayment({
      dueToday: option.price,
      monthly: option.monthlyFee,
      months: option.duration,
      downPayment: option.downPayment !== null,
    }),
    benefits:
      option.id === "setup-monthly"
        ? [
            t("marketing:paymentOptions.setup-monthly.benefits.build", {
              amount: money(option.price),
            }),
            t("marketing:paymentOptions.setup-monthly.benefits.hosting", {
              amount: money(option.monthlyFee),
            }),
            t("marketing:paymentOptions.setup-monthly.benefits.lowest"),
          ]
        : option.id === "pay-over-time"
          ? [
              t("marketing:paymentOptions.pay-over-time.benefits.down", {
                amount: money(option.price),
              }),
              monthly(option.monthlyFee, option.duration),
              t("marketing:paymentOptions.pay-over-time.benefits.same"),
            ]
          : option.benefits,
  });
  function packagePayment(p: {
    dueToday: number;
    monthly: number;
    months: number | null;
    downPayment: boolean;
  }) {
    return t(p.downPayment ? "marketing:price.downPlus" : "marketing:price.setupPlus", {
      amount: money(p.dueToday),
      monthly: monthly(p.monthly, p.months),
    });
  }
  return {
    language,
    money,
    perMonth,
    monthly,
    planName,
    planDescription: (plan: Pick<TPlan, "id" | "description">) =>
      text(`catalogue.${plan.id}.description`, plan.description),
    userLimit,
    planFeature,
    /** The features besides the user limit (shared/price-math.ts), translated. */
    planFeaturesBesidesUserLimit: (plan: Pick<TPlan, "id" | "features">) =>
      featuresBesidesUserLimit(plan).map((f) => planFeature(plan, f)),
    /** A plan card's lines: the user limit first, then the rest (price-math planFeatureLines). */
    planFeatureLines: (plan: Pick<TPlan, "id" | "features" | "maxUsers">) => [
      userLimit(plan),
      ...featuresBesidesUserLimit(plan).map((f) => planFeature(plan, f)),
    ],
    packageName: (pkg: Pick<TWebsitePackage, "id" | "name">) =>
      text(`catalogue.${pkg.id}.name`, pkg.name),
    packageDescription: (pkg: Pick<TWebsitePackage, "id" | "description">) =>
      text(`catalogue.${pkg.id}.description`, pkg.description),
    /** One of a package's lists (features, ideal for...), each line by its place. */
    packageList: (pkg: TWebsitePackage, list: Listed): string[] => {
      const lines = list === "features" ? pkg.features : (pkg.modalContent[list] ?? []);
      return lines.map((line, i) => text(`catalogue.${pkg.id}.${list}.${i}`, line));
    },
    addOn: (pkg: Pick<TWebsitePackage, "id">, addOn: TAddOn) => {
      const base = t(
        addOn.isMonthly ? "marketing:price.monthlyAddOn" : "marketing:price.oneTimeAddOn",
        {
          amount: money(addOn.price),
        },
      );
      return {
        name: text(`catalogue.${pkg.id}.addOns.${addOn.id}.name`, addOn.name),
        description: text(`catalogue.${pkg.id}.addOns.${addOn.id}.description`, addOn.description),
        price:
          addOn.perOrderPercent === null
            ? base
            : t("marketing:price.perOrder", { price: base, percent: addOn.perOrderPercent }),
      };
    },
    paymentOption: packageOption,
    packagePayment,
    /** 'Set-up $1,500 + First month of hosting $55' (shared/charges.ts chargeItemsLabel). */
    chargeItems: (items: readonly ChargeItem[]) =>
      items
        .map((i) => {
          const key = CHARGE_LABELS[i.label];
          const label = key ? t(`marketing:packages.charge.${key}`) : i.label;
          return t("marketing:packages.charge.item", { label, amount: money(i.amount) });
        })
        .join(" + "),
  };
}

/** The catalogue's words and prices in the language on screen. */
export function useCatalogueText(): CatalogueText {
  const { t, i18n } = useTranslation("marketing");
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
  return useMemo(() => catalogueText(t, language), [t, language]);
}
