// Industries in words, as a person reads them (the API's codes are upper-case with underscores).
import type { Industry } from '#/api/schemas/merchant';

export const INDUSTRY_LABEL: Record<Industry, string> = {
  AGRICULTURE_FORESTRY_WILDLIFE: 'Agriculture, forestry and wildlife',
  BUSINESS_INFORMATION: 'Business information',
  CONSTRUCTION_UTILITIES_CONTRACTING: 'Construction, utilities and contracting',
  EDUCATION: 'Education',
  FINANCE_INSURANCE: 'Finance and insurance',
  FOOD_HOSPITALITY: 'Food and hospitality',
  GAMING: 'Gaming',
  HEALTH_SERVICES: 'Health services',
  MOTOR_VEHICLE: 'Motor vehicles',
  NATURAL_RESOURCES_ENVIRONMENTAL: 'Natural resources and environment',
  PERSONAL_SERVICES: 'Personal services',
  REAL_ESTATE_HOUSING: 'Real estate and housing',
  SAFETY_SECURITY_LEGAL: 'Safety, security and legal',
  TRANSPORTATION: 'Transportation',
  GARMENTS: 'Garments',
  PHARMACEUTICALS: 'Pharmaceuticals',
  TECHNOLOGY: 'Technology',
  MANUFACTURING: 'Manufacturing',
  ENTERTAINMENT: 'Entertainment',
  TELECOMMUNICATIONS: 'Telecommunications',
};

/** A stored industry in words; an unknown code as it came. */
export const industryLabel = (code: string | null | undefined): string =>
  code ? (INDUSTRY_LABEL[code as Industry] ?? code) : '';

/** The industries as the choices of a select, in alphabetical order of their words. */
export const INDUSTRY_CHOICES = Object.entries(INDUSTRY_LABEL)
  .map(([value, label]) => ({ value, label }))
  .sort((a, b) => a.label.localeCompare(b.label, 'en'));
