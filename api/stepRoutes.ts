import type { FastifyInstance } from 'fastify';
import { basicRoutes } from './steps/basic.ts';
import { beneficiaryRoutes } from './steps/beneficiary.ts';
import { createStepAccess } from './steps/createStepAccess.ts';
import { financialRoutes } from './steps/financial.ts';
import { insuranceHistoryRoutes } from './steps/insuranceHistory.ts';
import { lifestyleRoutes } from './steps/lifestyle.ts';
import { medicalRoutes } from './steps/medical.ts';
import { multiOwnerRoutes } from './steps/multiOwner.ts';
import { ownerRoutes } from './steps/owner.ts';
import { planDetailsRoutes } from './steps/planDetails.ts';
import { purposeOfInsuranceRoutes } from './steps/purposeOfInsurance.ts';
import { taxInformationRoutes } from './steps/taxInformation.ts';
import type { ServerContext } from './types.ts';

/** The spec's per-step load and save calls (api/steps/*): thin adapters over the one generic save. */
export function stepRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const access = createStepAccess(ctx);
  for (const register of [
    basicRoutes, ownerRoutes, multiOwnerRoutes, taxInformationRoutes, planDetailsRoutes, beneficiaryRoutes,
    purposeOfInsuranceRoutes, financialRoutes, insuranceHistoryRoutes, lifestyleRoutes, medicalRoutes,
  ]) register(app, access);
}
