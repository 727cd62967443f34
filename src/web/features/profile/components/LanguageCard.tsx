import { useTranslation } from "react-i18next";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/Card.tsx";
import { LanguageSwitcher } from "../../../components/ui/LanguageSwitcher.tsx";

/**
 * The member's language (issue 22): the switcher saves it on the profile, so the portal and the
 * mails follow it on every device. The card's visible title is the control's label; the
 * switcher names itself 'Language' for screen readers (a second <label> would say it twice).
 */
export function LanguageCard() {
  const { t } = useTranslation("profile");
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("language.title")}</CardTitle>
        <CardDescription>{t("language.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <LanguageSwitcher id="profile-language" />
      </CardContent>
    </Card>
  );
}
