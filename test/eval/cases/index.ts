import type { EvalCase } from '../types';
import { ACCOUNTING } from './accounting';
import { ADS } from './ads';
import { ALIASES } from './aliases';
import { BANKING } from './banking';
import { CARS } from './cars';
import { CRM } from './crm';
import { DEVICES } from './devices';
import { EMAIL } from './email';
import { ENERGY } from './energy';
import { FOOD } from './food';
import { PAYMENTS } from './payments';
import { PROJECTS } from './projects';
import { RETAIL } from './retail';
import { SEO } from './seo';
import { SHOES } from './shoes';
import { VPN } from './vpn';
import { WELLNESS } from './wellness';

/** Every labelled answer, by industry. */
export const EVAL_CASES: readonly EvalCase[] = [
  ...CRM, ...PROJECTS, ...WELLNESS, ...VPN, ...RETAIL, ...BANKING, ...ENERGY, ...ADS,
  ...PAYMENTS, ...SEO, ...DEVICES, ...FOOD, ...ACCOUNTING, ...SHOES, ...EMAIL, ...CARS, ...ALIASES,
];
