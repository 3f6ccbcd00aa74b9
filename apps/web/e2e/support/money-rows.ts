import type { Page } from '@playwright/test';
import { choose } from './forms';

export const PROJECT = 'Shivam Residency';

export async function chooseProject(page: Page, name = PROJECT) {
  await choose(page, 'Project', new RegExp(`^${name}`));
}
