import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import { CheckCircle2, LogIn } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatDate } from "../../../../shared/i18n/format.ts";
import { getWebsitePackage } from "../../../../shared/plans.ts";
import { setupPageMeta } from "../../../../shared/public-pages.ts";
import type { TPackageId } from "../../../../shared/schemas/pricing.ts";
import {
  setupDetailsSchema,
  type TSetupAnswer,
  type TSetupDetails,
  type TSetupRequest,
} from "../../../../shared/schemas/website-setup.ts";
import { SETUP_FORMS, type SetupField, setupFields } from "../../../../shared/website-setup.ts";
import { Alert } from "../../../components/ui/Alert.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import { Field } from "../../../components/ui/Field.tsx";
import { Input } from "../../../components/ui/Input.tsx";
import { Select } from "../../../components/ui/Select.tsx";
import { Spinner } from "../../../components/ui/Spinner.tsx";
import { Textarea } from "../../../components/ui/Textarea.tsx";
import { ApiError, apiRequest } from "../../../lib/api.ts";
import { applyServerErrors } from "../../../lib/form-errors.ts";
import { translateMessage } from "../../../lib/i18n.ts";
import { usePageMeta } from "../../../lib/page-title.ts";
import { useCatalogueText } from "../catalogue-text.ts";
import { PageHero, PublicLayout } from "../components/PublicLayout.tsx";
import { marketingKeys, viewerQuery } from "../queries.ts";

/**
 * A set-up field's words in the reader's language: the package's own (setupForm.packages.<id>.
 * fields.<name>) or those every package shares (setupForm.fields.<name>), English by default.
 */
function fieldText(t: TFunction, packageId: TPackageId, field: SetupField) {
  const keys = (part: string) => [
    `setupForm.packages.${packageId}.fields.${field.name}.${part}`,
    `setupForm.fields.${field.name}.${part}`,
  ];
  return {
    label: t(keys("label"), { defaultValue: field.label }),
    hint: field.hint ? t(keys("hint"), { defaultValue: field.hint }) : undefined,
    option: (option: string, index: number) =>
      t(keys(`options.${index}`), { defaultValue: option }),
  };
}

/** The control of one field; `Field` hands it the id and aria attributes of its label. */
function FieldControl({
  field,
  packageId,
  disabled,
  register,
  ...aria
}: {
  field: SetupField;
  packageId: TPackageId;
  disabled: boolean;
  register: ReturnType<typeof useForm<TSetupDetails>>["register"];
  id?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}) {
  const { t } = useTranslation("marketing");
  const props = { ...aria, disabled, ...register(field.name) };
  switch (field.type) {
    case "textarea":
      return <Textarea rows={4} maxLength={field.max} {...props} />;
    case "select": {
      // The value stays the English option: the server checks it against the catalogue.
      const text = fieldText(t, packageId, field);
      return (
        <Select defaultValue="" {...props}>
          <option value="" disabled>
            {t("setup.chooseOne")}
          </option>
          {field.options?.map((o, index) => (
            <option key={o} value={o}>
              {text.option(o, index)}
            </option>
          ))}
        </Select>
      );
    }
    default:
      return <Input type={field.type} maxLength={field.max} {...props} />;
  }
}

/** The set-up intake of one website package (product-decisions.md 22), stored per signed-in buyer. */
export function WebsiteSetupPage({ packageId }: { packageId: TPackageId }) {
  const pkg = getWebsitePackage(packageId);
  const { t } = useTranslation("marketing");
  const text = useCatalogueText();
  const name = text.packageName(pkg);
  usePageMeta(setupPageMeta(pkg, (key, options) => t(key, options)));
  const definition = SETUP_FORMS[packageId];
  const schema = useMemo(() => setupDetailsSchema(packageId), [packageId]);
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState<TSetupRequest | null>(null);
  const [error, setError] = useState<string | null>(null);

  const viewer = useQuery(viewerQuery());
  const signedIn = viewer.data === true;
  const existing = useQuery({
    queryKey: marketingKeys.websiteSetup(packageId),
    queryFn: () => apiRequest<TSetupAnswer>(`/api/website-setup/${packageId}`),
    enabled: signedIn,
  });

  const emptyValues = useMemo(
    () => Object.fromEntries(setupFields(packageId).map((f) => [f.name, ""])),
    [packageId],
  );
  const form = useForm<TSetupDetails>({
    resolver: zodResolver(schema) as never,
    defaultValues: emptyValues,
  });
  const { errors, isSubmitting } = form.formState;
  const previous = existing.data?.request;
  const purchase = existing.data?.purchase ?? null;
  const shownPurchase = useMemo(() => {
    if (!purchase) return null;
    // The server names the purchase in English (the catalogue's words): English shows it as
    // sent, another language looks the names up by the catalogue's option and add-on.
    if (text.language === "en") return purchase;
    const options = pkg.modalContent.paymentOptions;
    const option = options.find((o) => o.name === purchase.paymentOption);
    const { charges } = purchase;
    return {
      paymentOption: option ? text.paymentOption(option).name : purchase.paymentOption,
      payment: text.packagePayment({
        dueToday: charges.dueToday - (charges.firstPeriodToday ? charges.recurring : 0),
        monthly: charges.recurring,
        months: charges.months,
        downPayment: option?.downPayment != null,
      }),
      addOns: purchase.addOns.map((name) => {
        const addOn = pkg.modalContent.addOns.find((a) => a.name === name);
        return addOn ? text.addOn(pkg, addOn).name : name;
      }),
    };
  }, [purchase, pkg, text]);
  useEffect(() => {
    if (previous) form.reset({ ...emptyValues, ...previous.details });
  }, [previous, form, emptyValues]);

  async function onSubmit(values: TSetupDetails) {
    setError(null);
    try {
      const answer = await apiRequest<TSetupAnswer>(`/api/website-setup/${packageId}`, {
        method: "PUT",
        body: { details: values },
      });
      queryClient.setQueryData(marketingKeys.websiteSetup(packageId), answer);
      if (answer.request) setSaved(answer.request);
      window.scrollTo({ top: 0 });
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) {
        setError(t("setup.sessionEnded"));
        void viewer.refetch();
        return;
      }
      applyServerErrors(form, e, setError, { fieldPrefix: "details." });
    }
  }

  const locked = !signedIn;
  return (
    <PublicLayout backToHome>
      <PageHero eyebrow={t("setup.eyebrow", { name })} title={t("setup.title")}>
        {t(`setupForm.packages.${packageId}.intro`, { defaultValue: definition.intro })}
      </PageHero>
      <div className="mx-auto max-w-3xl space-y-6 px-4 py-12 sm:px-6 lg:px-8">
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-border bg-card p-5">
          {purchase ? (
            // What this buyer bought (issue 14), not the list price.
            <div className="space-y-1" data-testid="setup-purchase">
              <p className="font-semibold">{t("setup.bought", { name })}</p>
              <p className="text-sm">
                {shownPurchase?.paymentOption}: {shownPurchase?.payment}
              </p>
              {purchase.addOns.length ? (
                <p className="text-sm text-muted-foreground">
                  {t("setup.addOns", { list: shownPurchase?.addOns.join(", ") })}
                </p>
              ) : null}
              <p className="text-sm text-muted-foreground">
                {t("setup.paid", {
                  amount: text.money(purchase.charges.dueToday),
                  items: text.chargeItems(purchase.charges.today),
                })}
              </p>
            </div>
          ) : (
            <div>
              <p className="font-semibold">{name}</p>
              <p className="text-sm text-muted-foreground">
                {t("setup.listPrice", {
                  setup: text.money(pkg.setupFee),
                  monthly: text.money(pkg.monthlyPrice),
                })}
              </p>
            </div>
          )}
          <Link to="/website-packages" className="text-sm font-medium text-primary hover:underline">
            {t("setup.seeAll")}
          </Link>
        </div>

        {viewer.isPending ? (
          <p className="flex items-center gap-2 text-muted-foreground" role="status">
            <Spinner /> {t("setup.checking")}
          </p>
        ) : locked ? (
          <div className="flex flex-col gap-4 rounded-2xl border border-primary/30 bg-primary/5 p-5 sm:flex-row sm:items-center sm:justify-between">
            <div className="flex gap-3">
              <LogIn aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
              <div>
                <p className="font-semibold">{t("setup.logInTitle")}</p>
                <p className="text-sm text-muted-foreground">{t("setup.logInText")}</p>
              </div>
            </div>
            <div className="flex shrink-0 gap-2">
              <Button asChild variant="outline">
                <Link to="/register">{t("setup.createAccount")}</Link>
              </Button>
              <Button asChild>
                <Link to="/login">{t("actions.logIn")}</Link>
              </Button>
            </div>
          </div>
        ) : null}

        {saved ? (
          <div
            role="status"
            className="flex gap-3 rounded-2xl border border-emerald-300 bg-emerald-50 p-5 text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100"
          >
            <CheckCircle2 aria-hidden className="mt-0.5 size-5 shrink-0" />
            <div>
              <p className="font-semibold">{t("setup.saved")}</p>
              <p className="text-sm">{t("setup.savedText")}</p>
            </div>
          </div>
        ) : previous ? (
          <Alert tone="info">
            {t("setup.previous", { date: formatDate(text.language, previous.submittedAt) })}
          </Alert>
        ) : null}

        {error ? <Alert tone="error">{translateMessage(error)}</Alert> : null}

        <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-6">
          {definition.sections.map((section) => (
            <fieldset
              key={section.key}
              disabled={locked}
              className="space-y-5 rounded-2xl border border-border bg-card p-5 shadow-sm disabled:opacity-70 sm:p-6"
            >
              {/* Floated, the legend sits inside the card instead of on its border. */}
              <legend className="float-left mb-1 w-full text-lg font-semibold">
                {section.key === "details"
                  ? t(`setupForm.packages.${packageId}.details`, { defaultValue: section.title })
                  : t(`setupForm.sections.${section.key}`, { defaultValue: section.title })}
              </legend>
              <div className="clear-both" />
              {section.fields.map((field) => {
                const shown = fieldText(t, packageId, field);
                const error = errors[field.name]?.message;
                return (
                  <Field
                    key={field.name}
                    label={
                      field.required ? shown.label : t("setup.optional", { label: shown.label })
                    }
                    error={error ? translateMessage(error) : undefined}
                    hint={shown.hint}
                  >
                    <FieldControl
                      field={field}
                      packageId={packageId}
                      disabled={locked}
                      register={form.register}
                    />
                  </Field>
                );
              })}
            </fieldset>
          ))}
          <Button
            type="submit"
            size="lg"
            disabled={locked || isSubmitting}
            className="w-full sm:w-auto"
          >
            {isSubmitting
              ? t("actions.sending")
              : previous || saved
                ? t("setup.update")
                : t("setup.send")}
          </Button>
        </form>
      </div>
    </PublicLayout>
  );
}
