import { createActor } from 'xstate';
import { buildLifecycleMachine, contrastRatio } from '../../engine/index.ts';
import { lintDefinitions } from '../../engine/lintDefinitions.ts';
import { formatProblem } from '../../engine/loadDefinitions.ts';
import type { DefinitionFiles, LifecycleDefinition } from '../../engine/types.ts';
import { definitions } from '../support/engine.ts';
import { realFiles } from '../support/miniDefinitions.ts';

type Json = Record<string, any>;

const lifecycle = definitions.lifecycle as LifecycleDefinition;
const cycle = buildLifecycleMachine(lifecycle);
const ready = { documentsGenerated: true, inGoodOrder: true };

function lintWith(breakIt: (lc: Json) => void): string[] {
  const files = realFiles() as DefinitionFiles & Record<string, Json>;
  breakIt(files['lifecycle.json']);
  return lintDefinitions(files).map(formatProblem);
}

describe('the life cycle (steps/lifecycle.json run by XState)', () => {
  it('has the statuses of issue 27, the spec five keeping their colours, each badge AA', () => {
    expect(Object.keys(lifecycle.statuses)).toEqual([
      'DRAFT',
      'READY_TO_SIGN',
      'SIGNED',
      'SUBMITTED',
      'IN_REVIEW',
      'ISSUED',
      'DECLINED',
      'WITHDRAWN',
    ]);
    const colours = Object.fromEntries(Object.entries(lifecycle.statuses).map(([n, s]) => [n, s.badge.colour]));
    expect(colours).toMatchObject({
      DRAFT: 'yellow',
      SUBMITTED: 'blue',
      IN_REVIEW: 'purple',
      ISSUED: 'green',
      DECLINED: 'red',
    });
    expect(new Set(Object.values(colours)).size).toBe(8);
    for (const s of Object.values(lifecycle.statuses))
      expect(contrastRatio(s.badge.background, s.badge.text)).toBeGreaterThanOrEqual(4.5);
  });

  it('walks DRAFT to ISSUED with an actor, guards holding', () => {
    const actor = createActor(cycle.machine, { input: {} }).start();
    actor.send({ type: 'DOCUMENTS_READY', facts: ready });
    expect(actor.getSnapshot().value).toBe('READY_TO_SIGN');
    actor.send({ type: 'SIGNATURES_COMPLETE', facts: { signaturesComplete: true } });
    expect(actor.getSnapshot().value).toBe('SIGNED');
    actor.send({ type: 'SUBMIT', facts: { signaturesComplete: true } });
    actor.send({ type: 'MARK_IN_REVIEW' });
    actor.send({ type: 'MARK_ISSUED' });
    expect(actor.getSnapshot().value).toBe('ISSUED');
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('refuses what the statechart does not allow, with a clear message', () => {
    expect(cycle.step('DRAFT', 'SUBMIT')).toEqual({
      ok: false,
      from: 'DRAFT',
      message: 'Submit is not allowed when the application is Draft (allowed: Documents generated, Withdraw)',
    });
    expect(cycle.step('DRAFT', 'DOCUMENTS_READY', { documentsGenerated: true })).toEqual({
      ok: false,
      from: 'DRAFT',
      message: lifecycle.guards.readyToSign.message,
    });
    expect(cycle.step('READY_TO_SIGN', 'SUBMIT').ok).toBe(false);
    expect(cycle.step('SIGNED', 'SUBMIT', { signaturesComplete: false })).toMatchObject({
      ok: false,
      message: lifecycle.guards.signed.message,
    });
    expect(cycle.step('ISSUED', 'WITHDRAW')).toMatchObject({ ok: false });
    expect(cycle.step('DRAFT', 'NOPE')).toMatchObject({
      ok: false,
      message: '"NOPE" is not an event of the life cycle',
    });
  });

  it('returns to DRAFT when an answer changes before submission, not after', () => {
    expect(cycle.step('READY_TO_SIGN', 'ANSWERS_CHANGED')).toEqual({ ok: true, from: 'READY_TO_SIGN', to: 'DRAFT' });
    expect(cycle.step('SIGNED', 'ANSWERS_CHANGED')).toEqual({ ok: true, from: 'SIGNED', to: 'DRAFT' });
    expect(cycle.step('SUBMITTED', 'ANSWERS_CHANGED').ok).toBe(false);
  });

  it('lists the events allowed next, with the reason a guard refuses', () => {
    expect(cycle.allowed('SIGNED', { signaturesComplete: false })).toContainEqual(
      expect.objectContaining({ event: 'SUBMIT', allowed: false, reason: lifecycle.guards.signed.message }),
    );
    expect(cycle.allowed('SUBMITTED').map((e) => [e.event, e.requires])).toContainEqual([
      'MARK_ISSUED',
      ['policy_number', 'issue_date', 'face_amount_issued'],
    ]);
    expect(cycle.allowed('DECLINED')).toEqual([]);
  });

  it('takes the least advanced of several statuses, in the order lifecycle.json lists them', () => {
    expect(cycle.leastAdvanced(['ISSUED', 'SUBMITTED'])).toBe('SUBMITTED');
    expect(cycle.leastAdvanced(['DECLINED', 'WITHDRAWN'])).toBe('DECLINED');
    expect(cycle.leastAdvanced([])).toBe('DRAFT');
  });

  describe("the application's own status from its insurers' (docs/decisions/data-overall-status-of-mixed-outcomes.md)", () => {
    it.each([
      // A policy issued by one insurer is what the adviser reads, whatever the others said or still do.
      [['ISSUED', 'DECLINED'], 'ISSUED'],
      [['DECLINED', 'ISSUED'], 'ISSUED'],
      [['ISSUED', 'WITHDRAWN'], 'ISSUED'],
      [['ISSUED', 'IN_REVIEW'], 'ISSUED'],
      [['DRAFT', 'ISSUED'], 'ISSUED'],
      // No policy issued: the least advanced insurer still in progress says what is left to do.
      [['DECLINED', 'SUBMITTED'], 'SUBMITTED'],
      [['WITHDRAWN', 'READY_TO_SIGN'], 'READY_TO_SIGN'],
      [['SIGNED', 'SUBMITTED'], 'SIGNED'],
      [['IN_REVIEW', 'SUBMITTED', 'DECLINED'], 'SUBMITTED'],
      // Every insurer answered and none issued: declined before withdrawn.
      [['WITHDRAWN', 'DECLINED'], 'DECLINED'],
      [['WITHDRAWN', 'WITHDRAWN'], 'WITHDRAWN'],
      [['SUBMITTED'], 'SUBMITTED'],
      [[], 'DRAFT'],
    ])('%j gives %s', (list, overall) => {
      expect(cycle.overallStatus(list)).toBe(overall);
    });

    it('a prevailing status must be final: steps:check says so', () => {
      const out = lintWith((lc) => {
        lc.statuses.SUBMITTED.prevails = true;
      });
      expect(out).toContain(
        'steps/lifecycle.json /statuses/SUBMITTED/prevails: prevailing status "SUBMITTED" must be final',
      );
    });
  });

  it('locks the answers once an insurer holds them: submitted, in review, issued or declined, not withdrawn', () => {
    const locking = Object.keys(lifecycle.statuses).filter((s) => cycle.locksAnswers([s]));
    expect(locking).toEqual(['SUBMITTED', 'IN_REVIEW', 'ISSUED', 'DECLINED']);
    expect(cycle.locksAnswers(['WITHDRAWN', 'DECLINED'])).toBe(true);
    expect(cycle.locksAnswers(['WITHDRAWN', 'SIGNED', 'DRAFT'])).toBe(false);
    expect(cycle.locksAnswers([])).toBe(false);
  });
});

describe('steps:check on lifecycle.json', () => {
  it('names unknown targets, guards, events, unreachable statuses, lost colours and low contrast', () => {
    const out = lintWith((lc) => {
      lc.statuses.SIGNED.on.SUBMIT.target = 'SENT';
      lc.statuses.DRAFT.on.WITHDRAW.guard = 'nope';
      lc.statuses.SUBMITTED.badge.colour = 'teal';
      lc.statuses.IN_REVIEW.badge.text = '#a78bfa';
      lc.guards.signed.rule = { var: 'signatures' };
      lc.statuses.ISSUED.on = { WITHDRAW: { target: 'WITHDRAWN' } };
    });
    expect(out).toEqual(
      expect.arrayContaining([
        'steps/lifecycle.json /statuses/SIGNED/on/SUBMIT/target: target "SENT" is not a status',
        'steps/lifecycle.json /statuses/DRAFT/on/WITHDRAW/guard: guard "nope" is not declared in guards',
        'steps/lifecycle.json /statuses/SUBMITTED/badge/colour: the spec gives "SUBMITTED" the colour blue, not teal',
        'steps/lifecycle.json /statuses/ISSUED/on: final status "ISSUED" cannot accept events',
        'steps/lifecycle.json /guards/signed/rule: fact "signatures" is not declared in facts',
      ]),
    );
    expect(out.join('\n')).toMatch(/IN_REVIEW\/badge: badge text contrast is .* under the 4.5:1/);
  });

  it('checks the file against its meta-schema', () => {
    const out = lintWith((lc) => {
      lc.events.SUBMIT.sentBy = 'robot';
    });
    expect(out.join('\n')).toMatch(/steps\/lifecycle.json \/events\/SUBMIT\/sentBy/);
  });
});
