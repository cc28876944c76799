// Industries in words, as a person reads them in the page's language (the API's codes are
// upper-case with underscores).
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Industry } from '#/api/schemas/merchant';
import { currentI18n, tr } from '#/i18n/current';

const INDUSTRY_LABEL: Record<Industry, MessageDescriptor> = {
  AGRICULTURE_FORESTRY_WILDLIFE: msg`Agriculture, forestry and wildlife`,
  BUSINESS_INFORMATION: msg`Business information`,
  CONSTRUCTION_UTILITIES_CONTRACTING: msg`Construction, utilities and contracting`,
  EDUCATION: msg`Education`,
  FINANCE_INSURANCE: msg`Finance and insurance`,
  FOOD_HOSPITALITY: msg`Food and hospitality`,
  GAMING: msg`Gaming`,
  HEALTH_SERVICES: msg`Health services`,
  MOTOR_VEHICLE: msg`Motor vehicles`,
  NATURAL_RESOURCES_ENVIRONMENTAL: msg`Natural resources and environment`,
  PERSONAL_SERVICES: msg`Personal services`,
  REAL_ESTATE_HOUSING: msg`Real estate and housing`,
  SAFETY_SECURITY_LEGAL: msg`Safety, security and legal`,
  TRANSPORTATION: msg`Transportation`,
  GARMENTS: msg`Garments`,
  PHARMACEUTICALS: msg`Pharmaceuticals`,
  TECHNOLOGY: msg`Technology`,
  MANUFACTURING: msg`Manufacturing`,
  ENTERTAINMENT: msg`Entertainment`,
  TELECOMMUNICATIONS: msg`Telecommunications`,
};

/** A stored industry in words; an unknown code as it came. */
export const industryLabel = (code: string | null | undefined): string =>
  code ? (code in INDUSTRY_LABEL ? tr(INDUSTRY_LABEL[code as Industry]) : code) : '';

/** The industries as the choices of a select, in the alphabetical order of the page's words. */
export const industryChoices = () =>
  Object.entries(INDUSTRY_LABEL)
    .map(([value, label]) => ({ value, label: tr(label) }))
    .sort((a, b) => a.label.localeCompare(b.label, currentI18n().locale));
