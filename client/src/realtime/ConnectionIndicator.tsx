/** A small, calm notice while live updates are disconnected (after having worked once). */
import styled from '@emotion/styled';
import { useEffect, useState } from 'react';
import { useT } from '../i18n/useT.ts';
import { useConnectionStore } from './connectionStore.ts';

/** Short blips (a reconnect in progress) are not worth a notice. */
const SHOW_AFTER_MS = 2000;

const Pill = styled.div`
  position: fixed;
  bottom: 16px;
  left: 50%;
  transform: translateX(-50%);
  z-index: 50;
  padding: 6px 14px;
  border-radius: 999px;
  background: #fff7e6;
  color: #7a4b00;
  border: 1px solid #f0c36d;
  font-size: 13px;
  box-shadow: 0 2px 8px rgb(0 0 0 / 0.08);
`;

export function ConnectionIndicator() {
  const { t } = useT();
  const { status, everConnected } = useConnectionStore();
  const down = everConnected && status === 'disconnected';
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!down) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [down]);
  if (!visible) return null;
  return (
    <Pill role="status" aria-live="polite">
      {t('app.liveUpdatesPaused')}
    </Pill>
  );
}
