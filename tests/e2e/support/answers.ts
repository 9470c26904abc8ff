/**
 * Answers a test does not look at, each given explicitly through the UI: nothing in the wizard is pre-selected,
 * so a test that walks past a step answers its required questions like an adviser would.
 */
import type { Page } from 'playwright-core';
import { field, radio } from './ui.ts';
import { specText } from '../../support/specText.ts';

/** A proposed insured's questions other than name, date of birth, sex, postal code and phone. */
export async function answerInsuredRest(page: Page): Promise<void> {
  await field(page, 'Marital Status').selectOption({ label: 'Married' });
  await radio(page, specText('proposed-insured.insured.is_smoker.title'), 'No').check();
  await field(page, 'Residency Status').selectOption({ label: 'Canadian Citizen' });
  await radio(page, specText('owner.place_of_birth_type.title'), 'Canada').check();
  await field(page, specText('owner.place_of_birth_province.title')).selectOption({ label: 'Ontario' });
  await radio(page, specText('proposed-insured.insured.politically_exposed_person.title'), 'No').check();
  await radio(page, specText('owner.is_po_box.title'), 'No').check();
  await field(page, 'Street Address').fill('220 King Street West');
  await field(page, 'City').fill('Toronto');
  await field(page, 'Province').selectOption({ label: 'Ontario' });
}

/** A different-individual owner's questions other than name, city and email. */
export async function answerOwnerRest(page: Page): Promise<void> {
  await field(page, specText('owner.relationship_to_insured.title')).selectOption({ label: 'Parent' });
  await field(page, specText('client-profile.date_of_birth.title')).fill('1956-11-23');
  await radio(page, 'Sex', 'Female').check();
  await radio(page, 'Smoking Class', 'Non-Smoker').check();
  await field(page, specText('owner.place_of_birth_type.title')).selectOption({ label: 'Canada' });
  await field(page, specText('owner.place_of_birth_province.title')).selectOption({ label: 'Manitoba' });
  await radio(page, specText('owner.is_po_box.title'), 'No').check();
  await field(page, 'Street Address').fill('48 Birchwood Crescent');
  await field(page, 'Province').selectOption({ label: 'Manitoba' });
  await field(page, 'Postal Code').fill('R3T 2N2');
  await field(page, specText('owner.mobile_phone.title')).fill('204-555-0147');
}
