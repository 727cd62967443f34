import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import {
  type DefaultListName,
  type LabelTranslate,
  listEntryLabel,
  stepLabel,
} from "../../shared/i18n/default-labels.ts";

/**
 * The product's defaults in the reader's language (decision 039): a default step name
 * ('Paso 2'), a default job title, department or location; what the local typed, as typed.
 * The same functions the server uses for mails, the case file and the CSVs.
 */
export function useDefaults() {
  const { t } = useTranslation("grievances");
  return useMemo(() => {
    const translate = t as unknown as LabelTranslate;
    return {
      step: (name: string) => stepLabel(name, translate),
      entry: (list: DefaultListName, entry: string) => listEntryLabel(list, entry, translate),
    };
  }, [t]);
}
