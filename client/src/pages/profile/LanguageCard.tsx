/**
 * The language of the interface (issue 29). The picker switches the page at once and, because the
 * user is signed in, stores the choice on the account so their other devices and their mail follow.
 */
import { Card, CardText, CardTitle } from '../../components/ui/Card.tsx';
import { LocalePicker } from '../../i18n/LocalePicker.tsx';
import { useT } from '../../i18n/useT.ts';

export function LanguageCard() {
  const { t } = useT();
  return (
    <Card aria-labelledby="language-card-title">
      <CardTitle id="language-card-title">{t('common.language')}</CardTitle>
      <CardText>{t('account.profile.languageText')}</CardText>
      <div>
        <LocalePicker showLabel />
      </div>
    </Card>
  );
}
