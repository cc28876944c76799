// The API's values in words (decision 091): statuses, purposes, why a transaction was cancelled
// and industries, as a person reads them in their language: on the pages and in the files the
// server writes for them. The codes stay as they are on the wire.
import type { Words } from '#/i18n/words';
import type { Industry } from './schemas/merchant';

/** Statuses (KYC, payout accounts, transactions without their flow's prefix), purposes, reasons. */
const VALUE_WORDS: Record<string, Words> = {
  NEW: /*i18n*/ { id: 'value.NEW', message: 'New' },
  VALID: /*i18n*/ { id: 'value.VALID', message: 'Valid' },
  PENDING: /*i18n*/ { id: 'value.PENDING', message: 'Pending' },
  PENDING_REVIEW: /*i18n*/ { id: 'value.PENDING_REVIEW', message: 'Pending review' },
  FLAGGED: /*i18n*/ { id: 'value.FLAGGED', message: 'Flagged' },
  UNDER_REVIEW: /*i18n*/ { id: 'value.UNDER_REVIEW', message: 'Under review' },
  ACTION_NEEDED: /*i18n*/ { id: 'value.ACTION_NEEDED', message: 'Action needed' },
  ABANDONED: /*i18n*/ { id: 'value.ABANDONED', message: 'Abandoned' },
  ACTIVE: /*i18n*/ { id: 'value.ACTIVE', message: 'Active' },
  FROZEN: /*i18n*/ { id: 'value.FROZEN', message: 'Frozen' },
  CLOSED: /*i18n*/ { id: 'value.CLOSED', message: 'Closed' },
  AWAITING_QUOTE_APPROVAL: /*i18n*/ {
    id: 'value.AWAITING_QUOTE_APPROVAL',
    message: 'Awaiting quote approval',
  },
  AWAITING_DEPOSIT: /*i18n*/ { id: 'value.AWAITING_DEPOSIT', message: 'Awaiting deposit' },
  IN_PROGRESS: /*i18n*/ { id: 'value.IN_PROGRESS', message: 'In progress' },
  COMPLETED: /*i18n*/ { id: 'value.COMPLETED', message: 'Completed' },
  CANCELED: /*i18n*/ { id: 'value.CANCELED', message: 'Cancelled' },
  GOODS_PURCHASE: /*i18n*/ { id: 'value.GOODS_PURCHASE', message: 'Goods purchase' },
  SERVICES_PURCHASE: /*i18n*/ { id: 'value.SERVICES_PURCHASE', message: 'Services purchase' },
  SUPPLIER_PAYMENT: /*i18n*/ { id: 'value.SUPPLIER_PAYMENT', message: 'Supplier payment' },
  SALARY: /*i18n*/ { id: 'value.SALARY', message: 'Salary' },
  FAMILY_SUPPORT: /*i18n*/ { id: 'value.FAMILY_SUPPORT', message: 'Family support' },
  INTRA_COMPANY_TRANSFER: /*i18n*/ {
    id: 'value.INTRA_COMPANY_TRANSFER',
    message: 'Intra-company transfer',
  },
  INVESTMENT: /*i18n*/ { id: 'value.INVESTMENT', message: 'Investment' },
  LOAN_REPAYMENT: /*i18n*/ { id: 'value.LOAN_REPAYMENT', message: 'Loan repayment' },
  OTHER: /*i18n*/ { id: 'value.OTHER', message: 'Other' },
  WRONG_PAYMENT_AMOUNT: /*i18n*/ {
    id: 'value.WRONG_PAYMENT_AMOUNT',
    message: 'Wrong payment amount',
  },
  WRONG_RECIPIENT: /*i18n*/ { id: 'value.WRONG_RECIPIENT', message: 'Wrong recipient' },
  DUPLICATE: /*i18n*/ { id: 'value.DUPLICATE', message: 'Duplicate' },
  CLIENT_REQUEST: /*i18n*/ { id: 'value.CLIENT_REQUEST', message: 'Client request' },
};

export const INDUSTRY_WORDS: Record<Industry, Words> = {
  AGRICULTURE_FORESTRY_WILDLIFE: /*i18n*/ {
    id: 'industry.AGRICULTURE_FORESTRY_WILDLIFE',
    message: 'Agriculture, forestry and wildlife',
  },
  BUSINESS_INFORMATION: /*i18n*/ {
    id: 'industry.BUSINESS_INFORMATION',
    message: 'Business information',
  },
  CONSTRUCTION_UTILITIES_CONTRACTING: /*i18n*/ {
    id: 'industry.CONSTRUCTION_UTILITIES_CONTRACTING',
    message: 'Construction, utilities and contracting',
  },
  EDUCATION: /*i18n*/ { id: 'industry.EDUCATION', message: 'Education' },
  FINANCE_INSURANCE: /*i18n*/ {
    id: 'industry.FINANCE_INSURANCE',
    message: 'Finance and insurance',
  },
  FOOD_HOSPITALITY: /*i18n*/ { id: 'industry.FOOD_HOSPITALITY', message: 'Food and hospitality' },
  GAMING: /*i18n*/ { id: 'industry.GAMING', message: 'Gaming' },
  HEALTH_SERVICES: /*i18n*/ { id: 'industry.HEALTH_SERVICES', message: 'Health services' },
  MOTOR_VEHICLE: /*i18n*/ { id: 'industry.MOTOR_VEHICLE', message: 'Motor vehicles' },
  NATURAL_RESOURCES_ENVIRONMENTAL: /*i18n*/ {
    id: 'industry.NATURAL_RESOURCES_ENVIRONMENTAL',
    message: 'Natural resources and environment',
  },
  PERSONAL_SERVICES: /*i18n*/ { id: 'industry.PERSONAL_SERVICES', message: 'Personal services' },
  REAL_ESTATE_HOUSING: /*i18n*/ {
    id: 'industry.REAL_ESTATE_HOUSING',
    message: 'Real estate and housing',
  },
  SAFETY_SECURITY_LEGAL: /*i18n*/ {
    id: 'industry.SAFETY_SECURITY_LEGAL',
    message: 'Safety, security and legal',
  },
  TRANSPORTATION: /*i18n*/ { id: 'industry.TRANSPORTATION', message: 'Transportation' },
  GARMENTS: /*i18n*/ { id: 'industry.GARMENTS', message: 'Garments' },
  PHARMACEUTICALS: /*i18n*/ { id: 'industry.PHARMACEUTICALS', message: 'Pharmaceuticals' },
  TECHNOLOGY: /*i18n*/ { id: 'industry.TECHNOLOGY', message: 'Technology' },
  MANUFACTURING: /*i18n*/ { id: 'industry.MANUFACTURING', message: 'Manufacturing' },
  ENTERTAINMENT: /*i18n*/ { id: 'industry.ENTERTAINMENT', message: 'Entertainment' },
  TELECOMMUNICATIONS: /*i18n*/ { id: 'industry.TELECOMMUNICATIONS', message: 'Telecommunications' },
};

/** The words of a value (a transaction status with its flow's prefix too), if it has some. */
export const valueWordsOf = (value: string): Words | undefined =>
  VALUE_WORDS[value.replace(/^(OnOff|Receive)_/, '')] ??
  (INDUSTRY_WORDS as Record<string, Words>)[value];
