/** A form's logo, sized for where it shows; its alternative text names the form. */
import { css } from '@emotion/react';
import { useState } from 'react';
import { useT } from '../../i18n/useT.ts';
import { theme } from '../../theme/theme.ts';

export type LogoSize = 'small' | 'medium' | 'large';

const SIZE_PX: Record<LogoSize, number> = { small: 48, medium: 72, large: 104 };

/** The owner page header scales the logo with the description beside it (spec section 2). */
export function logoSizeForDescription(description: string | null | undefined): LogoSize {
  const length = description?.length ?? 0;
  if (length < 50) return 'small';
  if (length < 150) return 'medium';
  return 'large';
}

interface FormLogoProps {
  logoUrl: string | null;
  /** The form's name, for the alternative text. */
  formName: string;
  size?: LogoSize;
}

/** A form's logo through the access-checked proxy; a logo that fails to load is hidden (spec section 7). */
export function FormLogo({ logoUrl, formName, size = 'small' }: FormLogoProps) {
  const { t } = useT();
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (!logoUrl || failedUrl === logoUrl) return null;
  const px = SIZE_PX[size];
  return (
    <img
      src={logoUrl}
      alt={t('common.formLogo.alt', { name: formName })}
      width={px}
      height={px}
      onError={() => setFailedUrl(logoUrl)}
      css={css`
        flex: none;
        width: ${px}px;
        height: ${px}px;
        object-fit: contain;
        border-radius: ${theme.radii.small};
        background: ${theme.colors.surface};
      `}
    />
  );
}
