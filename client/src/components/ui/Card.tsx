import { css } from '@emotion/react';
import styled from '@emotion/styled';
import { theme } from '../../theme/theme.ts';
import { panelStyles } from './surfaceStyles.ts';

/** A card's raised surface, for boxes that are cards but not a <section> (stat cards in a list). */
export const cardSurfaceStyles = css`
  ${panelStyles};
  box-shadow: ${theme.shadows.card};
`;

export const Card = styled.section`
  ${cardSurfaceStyles};
  display: flex;
  flex-direction: column;
  gap: 1rem;
  padding: 1.5rem;
`;

export const CardTitle = styled.h2`
  font-size: ${theme.fontSizes.large};
`;

export const CardText = styled.p`
  color: ${theme.colors.textMuted};
`;

export const PageTitle = styled.h1`
  font-size: ${theme.fontSizes.title};
`;

/** A vertical stack for form fields and buttons. */
export const FormStack = styled.form`
  display: flex;
  flex-direction: column;
  gap: 1rem;
`;

export const ButtonRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
`;
