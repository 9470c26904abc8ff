import type { TSchema } from 'typebox';
import { ApplicationList, LifeApplication, Generation } from '../applications/applicationSchemas.ts';
import { Account, LoginAnswer, LoginRequest, SignUpRequest, UserInfo, UserInfoChanges } from '../auth/authSchemas.ts';
import {
  ChangePasswordRequest,
  PasswordResetAnswer,
  PasswordResetConfirm,
  PasswordResetRequest,
} from '../auth/passwordSchemas.ts';
import { SessionList, SessionView, SignedOut } from '../auth/sessionSchemas.ts';
import { VerifyEmailAnswer, VerifyEmailRequest } from '../auth/verifySchemas.ts';
import {
  AdminAccount,
  AdminAccountList,
  AdminAuditEntry,
  AdminAuditList,
  AdminResult,
  GrantBrokerRequest,
} from '../admin/adminSchemas.ts';
import { Broker, Client, ClientList, History, SecondInsured } from '../clients/clientSchemas.ts';
import { ErrorAnswer, FieldErrorSchema, Success } from '../http/routeSchemas.ts';
import {
  ApplicationDetail,
  Badge,
  EventBody,
  InsurerStatus,
  LifecycleAnswer,
  NextEvent,
  Submission,
  SubmitBody,
  Transition,
} from '../lifecycle/lifecycleSchemas.ts';
import { GenerateAnswer, GenerationSummary } from '../pdf/generationSchemas.ts';
import { AdviserProfile, ProfileAnswer, ProfileChanges } from '../profile/profileSchemas.ts';
import { ApplicationData, Progress } from '../screening/screeningSchemas.ts';
import {
  SignatureAnswer,
  SignatureBody,
  SignatureMethod,
  SignedDocumentView,
  Signer,
  SigningAnswer,
  SigningConsent,
  SigningHistory,
} from '../signing/signingSchemas.ts';
import type { JsonObject } from '../types.ts';

/**
 * The route schemas that are components of the API document, by their title: wherever a route's schema holds one of
 * them, the document has a $ref to the component. A new shared shape is added here.
 */
export const sharedSchemas: TSchema[] = [
  ErrorAnswer,
  FieldErrorSchema,
  Success,
  SignUpRequest,
  Account,
  LoginRequest,
  LoginAnswer,
  UserInfo,
  UserInfoChanges,
  ChangePasswordRequest,
  PasswordResetRequest,
  PasswordResetAnswer,
  PasswordResetConfirm,
  SessionView,
  SessionList,
  SignedOut,
  VerifyEmailRequest,
  VerifyEmailAnswer,
  AdminAccount,
  AdminAccountList,
  GrantBrokerRequest,
  AdminResult,
  AdminAuditEntry,
  AdminAuditList,
  Client,
  ClientList,
  History,
  Broker,
  SecondInsured,
  Generation,
  LifeApplication,
  ApplicationList,
  GenerationSummary,
  GenerateAnswer,
  Progress,
  ApplicationData,
  AdviserProfile,
  ProfileAnswer,
  ProfileChanges,
  Badge,
  NextEvent,
  Submission,
  InsurerStatus,
  Transition,
  ApplicationDetail,
  LifecycleAnswer,
  EventBody,
  SubmitBody,
  SignatureMethod,
  SignedDocumentView,
  SigningConsent,
  Signer,
  SignatureBody,
  SigningAnswer,
  SignatureAnswer,
  SigningHistory,
];

const names = new Set(sharedSchemas.map((s) => (s as { title?: string }).title));

/**
 * A route schema as the document writes it: each shared schema inside it as a $ref to its component (with its own
 * description where the route gives one), ajv-errors' `errorMessage` as the extension `x-errorMessage`.
 * @param node - a route schema, or a part of one
 * @param root - true for a component's own schema (itself is not replaced by its $ref)
 */
export function toDocumentSchema(node: unknown, root = false): unknown {
  if (Array.isArray(node)) return node.map((n) => toDocumentSchema(n));
  if (!node || typeof node !== 'object') return node;
  const own = node as JsonObject;
  const title = own.title;
  if (!root && typeof title === 'string' && names.has(title)) {
    const shared = sharedSchemas.find((s) => (s as { title?: string }).title === title) as JsonObject;
    const described = own.description !== undefined && own.description !== shared.description;
    return { $ref: `#/components/schemas/${title}`, ...(described ? { description: own.description } : {}) };
  }
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(own)) {
    if (key === 'errorMessage') out['x-errorMessage'] = value;
    else if (key === 'enum' || key === 'const' || key === 'default' || key === 'examples') out[key] = value;
    else if (key === 'properties' || key === 'patternProperties' || key === '$defs')
      out[key] = Object.fromEntries(Object.entries(value as JsonObject).map(([k, v]) => [k, toDocumentSchema(v)]));
    else out[key] = toDocumentSchema(value);
  }
  return out;
}

/** The shared schemas as components of the document. */
export function sharedComponents(): { [name: string]: JsonObject } {
  return Object.fromEntries(
    sharedSchemas.map((s) => [(s as { title: string }).title, toDocumentSchema(s, true) as JsonObject]),
  );
}
