/**
 * The one theme of the app. Components import it directly (typed, no provider lookup);
 * colours were chosen for at least WCAG AA contrast on their usual backgrounds.
 */
export const theme = {
  colors: {
    background: '#f5f7fa',
    surface: '#ffffff',
    surfaceMuted: '#eef2f6',
    border: '#d5dce4',
    text: '#1c2733',
    textMuted: '#52606d',
    primary: '#1f4e79',
    primaryHover: '#173b5c',
    primaryText: '#ffffff',
    primarySoft: '#e6eef6',
    focus: '#3b82c4',
    danger: '#b42318',
    dangerHover: '#912018',
    dangerSoft: '#fdecea',
    success: '#1e6b3a',
    successSoft: '#e5f4ea',
    warning: '#8a5300',
    warningSoft: '#fff4e0',
    overlay: 'rgba(16, 24, 32, 0.45)',
  },
  fonts: {
    body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  },
  fontSizes: {
    small: '0.875rem',
    body: '1rem',
    large: '1.125rem',
    title: '1.5rem',
    hero: 'clamp(2rem, 5vw, 3rem)',
  },
  radii: {
    small: '6px',
    medium: '10px',
    round: '999px',
  },
  shadows: {
    card: '0 1px 2px rgba(16, 24, 32, 0.06), 0 1px 3px rgba(16, 24, 32, 0.1)',
    raised: '0 10px 30px rgba(16, 24, 32, 0.18)',
  },
  layout: {
    sidebarWidth: '240px',
    mobileBarHeight: '56px',
    contentMaxWidth: '1100px',
    /** The smallest tap target on a phone (WCAG 2.5.5). */
    tapTarget: '44px',
  },
  /** Media queries; "desktop" is where the sidebar is fixed instead of behind a menu button. */
  media: {
    desktop: '@media (min-width: 900px)',
    mobile: '@media (max-width: 899.98px)',
    /** A phone held upright: wide tables become a card per row here. */
    phone: '@media (max-width: 599.98px)',
  },
  /** A visible keyboard focus ring used by every interactive element. */
  focusRing: '0 0 0 3px rgba(59, 130, 196, 0.45)',
} as const;
