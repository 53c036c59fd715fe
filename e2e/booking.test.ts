// A visitor books the strategy call: submits the contact form, follows the "Pick a time" card,
// books a time, sees the confirmation, and moves it through the manage link. Keyboard-complete,
// axe clean, screenshots at phone and desktop widths.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/server/test/pg-admin';
import { DESKTOP, shot } from './support/browser';
import { PHONE } from './support/admin';
import { newPage, seriousAxeViolations, waitForHydration, usePublicSuite } from './support/public';
import { E2E_ADMIN } from './support/app-server';

const suite = usePublicSuite();
const sql = (text: string, params?: unknown[]) => queryRows(suite.server.databaseUrl, text, params);

beforeAll(async () => {
  // The admin takes calls around the clock (UTC), so the test finds free times at any hour.
  await sql(
    `insert into user_availability (user_id, time_zone, weekly, overrides)
     select id, 'UTC', $1::jsonb, '[]'::jsonb from users where username = $2`,
    [
      JSON.stringify(
        [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '24:00' })),
      ),
      E2E_ADMIN.username,
    ],
  );
});

const SCREENS = [
  { viewport: DESKTOP, name: 'desktop' },
  { viewport: PHONE, name: 'phone' },
] as const;

/** The host's (the admin's) page at `viewport`, signed in through the REST login. */
async function hostPage(viewport: { width: number; height: number }) {
  const w = await newPage(suite, { viewport });
  const login = await w.context.request.post('/api/auth/login', { data: E2E_ADMIN });
  expect(login.ok()).toBe(true);
  return w;
}

/** Sends the contact form as a visitor and returns the "Pick a time" card that follows. */
async function submitContactForm(
  page: Page,
  lead: { name: string; email: string; message: string },
) {
  await page.goto('/contact');
  await waitForHydration(page);
  await page.getByLabel('Full name').fill(lead.name);
  await page.getByLabel('Work email').fill(lead.email);
  await page.getByLabel('How can we help?').fill(lead.message);
  await page.getByRole('button', { name: /Book My Strategy Call/ }).click();
  const card = page.getByRole('region', { name: 'Pick a time for your strategy call' });
  await card.waitFor({ timeout: 15_000 });
  return card;
}

describe('booking the strategy call', () => {
  it('submit, pick a time, book, see the confirmation, move it through the manage link', async () => {
    const w = await newPage(suite, { timezoneId: 'Europe/Berlin' });
    const { page } = w;
    try {
      const card = await submitContactForm(page, {
        name: 'Grace Booker',
        email: 'grace@booker.example',
        message: 'We want an outbound voice agent for demos.',
      });
      await page.screenshot({ path: shot('booking-card-desktop.png'), fullPage: true });
      // The card stays after the success panel resets the form.
      await page.getByLabel('Full name').waitFor({ timeout: 10_000 });
      expect(await card.isVisible()).toBe(true);

      await card.getByRole('link', { name: 'Pick a time' }).click();
      await page.waitForURL(/\/book\//);
      await page.getByRole('heading', { name: 'Pick a time for your strategy call' }).waitFor();
      expect(await page.title()).toBe('Book your strategy call | Convoza');
      expect(await page.getByLabel('Time zone').inputValue()).toBe('Europe/Berlin');
      const firstDay = page.getByRole('group', { name: /^Times on / });
      await firstDay.waitFor({ timeout: 10_000 });
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.screenshot({ path: shot('book-desktop.png'), fullPage: true });

      // Keyboard only: focus the first time, take the next one with the arrow key, confirm.
      await firstDay.locator('input[type=radio]').first().focus();
      await page.keyboard.press('ArrowRight');
      const chosen = await firstDay.locator('input[type=radio]:checked').getAttribute('value');
      expect(chosen).toBeTruthy();
      await page.getByRole('button', { name: /^Book: / }).click();
      await page.getByRole('heading', { name: 'Your call is booked' }).waitFor();
      await page.getByText(/With /).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.screenshot({ path: shot('book-confirmed-desktop.png'), fullPage: true });
      // "Add to calendar" is the call as an iCalendar file.
      const file = await page.getByRole('link', { name: 'Add to calendar' }).getAttribute('href');
      const ics = await w.context.request.get(file!);
      expect(ics.headers()['content-type']).toBe('text/calendar; charset=utf-8');
      expect(await ics.text()).toMatch(/^BEGIN:VCALENDAR\r\n[\s\S]*BEGIN:VEVENT/);

      const [booking] = await sql(
        `select b.starts_at, b.manage_token from bookings b join contacts c on c.id = b.contact_id
          where c.email = 'grace@booker.example' and b.status = 'confirmed'`,
      );
      expect(new Date(booking!.starts_at as string).toISOString()).toBe(
        new Date(chosen!).toISOString(),
      );

      await page.getByRole('link', { name: 'Reschedule or cancel' }).click();
      await page.waitForURL(/\/booking\//);
      await page.getByRole('button', { name: 'Pick another time' }).click();
      const day = page.getByRole('group', { name: /^Times on / });
      await day.waitFor();
      const times = day.locator('input[type=radio]');
      // Its own time is offered again (it is this booking's), pick the last time of the day.
      await times.last().check({ force: true });
      const movedTo = await times.last().getAttribute('value');
      await page.getByRole('button', { name: /^Move to: / }).click();
      await page.getByText('Your call was moved').first().waitFor();
      const [moved] = await sql(
        `select starts_at, sequence from bookings where manage_token = $1`,
        [booking!.manage_token],
      );
      expect(new Date(moved!.starts_at as string).toISOString()).toBe(
        new Date(movedTo!).toISOString(),
      );
      expect(moved!.sequence).toBe(1);
      expect(w.consoleErrors).toEqual([]);
      expect(w.foreignRequests).toEqual([]);
    } finally {
      await w.context.close();
    }
  });

  it('fits a phone: the card, the picker and its confirm button without sideways scrolling', async () => {
    const w = await newPage(suite, { viewport: { width: 375, height: 812 }, isMobile: true });
    const { page } = w;
    try {
      const card = await submitContactForm(page, {
        name: 'Phone Lead',
        email: 'phone@lead.example',
        message: 'Please call me about text agents.',
      });
      await card.scrollIntoViewIfNeeded();
      await page.screenshot({ path: shot('booking-card-phone.png') });
      await card.getByRole('link', { name: 'Pick a time' }).click();
      const times = page.getByRole('group', { name: /^Times on / });
      await times.waitFor({ timeout: 10_000 });
      await times.locator('input[type=radio]').first().check({ force: true });
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBe(0);
      expect(await page.getByRole('button', { name: /^Book: / }).isVisible()).toBe(true);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.screenshot({ path: shot('book-phone.png') });
      expect(w.consoleErrors).toEqual([]);
      expect(w.foreignRequests).toEqual([]);
    } finally {
      await w.context.close();
    }
  });

  // One test per screen, so each has the whole timeout of its own on a slow machine.
  it.each(SCREENS)(
    "shows the booked call on the host's Meetings screen, by day, with its lead ($name)",
    async ({ viewport, name }) => {
      const w = await hostPage(viewport);
      try {
        await w.page.goto('/admin/meetings');
        await w.page.getByRole('heading', { name: 'Meetings' }).waitFor({ timeout: 10_000 });
        await w.page.getByRole('link', { name: 'Grace Booker' }).waitFor({ timeout: 10_000 });
        expect(await w.page.getByText('Confirmed').count()).toBeGreaterThan(0);
        expect(await seriousAxeViolations(w.page)).toEqual([]);
        await w.page.screenshot({ path: shot(`meetings-${name}.png`), fullPage: true });
        expect(w.consoleErrors).toEqual([]);
      } finally {
        await w.context.close();
      }
    },
  );

  it.each(SCREENS)(
    'the host sets hours, connects a calendar, moves a call and edits the booking settings ($name)',
    async ({ viewport, name }) => {
      const w = await hostPage(viewport);
      try {
        const { page } = w;
        await page.goto('/admin/calendar');
        await page.getByRole('heading', { name: 'Hours for Booked Calls' }).waitFor();
        // Monday's hours as saved (around the clock), then a day off added and saved.
        expect(await page.getByLabel('Monday hours 1 from').inputValue()).toBe('00:00');
        await page.getByLabel('Date', { exact: true }).fill('2030-12-24');
        await page.getByRole('button', { name: 'Add a day off' }).click();
        await page.getByRole('button', { name: 'Save hours' }).click();
        await page.getByText('Hours saved').first().waitFor();
        const [saved] = await sql(
          `select overrides from user_availability a join users u on u.id = a.user_id where u.username = $1`,
          [E2E_ADMIN.username],
        );
        expect(saved!.overrides).toEqual([{ date: '2030-12-24', intervals: [] }]);
        await page.getByRole('button', { name: 'Remove the exception on 2030-12-24' }).click();
        await page.getByRole('button', { name: 'Save hours' }).click();
        await page.getByText('Hours saved').first().waitFor();

        // A calendar on this machine is refused by the network guard, and says so.
        await page.getByLabel('Secret iCal address').fill('http://127.0.0.1:9/private.ics');
        await page.getByRole('button', { name: 'Add calendar' }).click();
        const feed = page.getByTestId('calendar-feed');
        await feed.getByText('Failed').waitFor({ timeout: 15_000 });
        await feed
          .getByText(/leads to a private or internal network, which is not allowed/)
          .waitFor();
        expect(await page.getByLabel('Subscription address').inputValue()).toMatch(
          /\/api\/calendar\/[0-9a-f]{64}\.ics$/,
        );
        expect(await seriousAxeViolations(page)).toEqual([]);
        await page.screenshot({ path: shot(`my-calendar-${name}.png`), fullPage: true });
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        expect(overflow).toBeLessThanOrEqual(0);
        await page.getByRole('button', { name: /^Remove the calendar at / }).click();
        await page.getByRole('button', { name: 'Remove', exact: true }).click();
        await page.getByText('No calendar connected.').waitFor();

        // Move the upcoming call from the Meetings screen.
        await page.goto('/admin/meetings');
        await page.getByRole('link', { name: 'Grace Booker' }).waitFor({ timeout: 10_000 });
        await page.getByRole('button', { name: 'Actions for the call with Grace Booker' }).click();
        await page.getByRole('menuitem', { name: 'Move the call' }).click();
        const dialog = page.getByRole('dialog', { name: 'Move the call with Grace Booker' });
        const timeGroup = dialog.getByRole('group', { name: /^Times on / });
        const times = timeGroup.getByRole('radio');
        await times.first().waitFor({ state: 'attached' });
        // Tomorrow, a whole day of free times (late in the day, today has only a few left); a
        // day and a time are picked by their labels, as a pointer or a finger does.
        await dialog
          .getByRole('group', { name: 'Day', exact: true })
          .locator('label:has(input[type=radio])')
          .nth(1)
          .click();
        await timeGroup.locator('label:has(input[type=radio])').nth(2).click();
        expect(await times.nth(2).isChecked()).toBe(true);
        expect(await seriousAxeViolations(page)).toEqual([]);
        await page.screenshot({ path: shot(`meetings-move-${name}.png`) });
        const [before] = await sql(
          `select b.sequence from bookings b join contacts c on c.id = b.contact_id
            where c.email = 'grace@booker.example' and b.status = 'confirmed'`,
        );
        await dialog.getByRole('button', { name: 'Move the call' }).click();
        await page
          .getByText(/Call moved/)
          .first()
          .waitFor();
        const [after] = await sql(
          `select b.sequence from bookings b join contacts c on c.id = b.contact_id
            where c.email = 'grace@booker.example' and b.status = 'confirmed'`,
        );
        expect(after!.sequence).toBe((before!.sequence as number) + 1);

        await page.getByRole('button', { name: 'Booking Settings' }).click();
        const settings = page.getByRole('dialog', { name: 'Booking Settings' });
        await settings.getByLabel('Call length (15-120)').fill('10');
        await settings.getByRole('button', { name: /Save/ }).click();
        await settings.getByText('Duration must be between 15 and 120').waitFor();
        expect(await seriousAxeViolations(page)).toEqual([]);
        await page.screenshot({ path: shot(`booking-settings-${name}.png`) });
        await settings.getByRole('button', { name: 'Cancel' }).click();
        expect(w.consoleErrors).toEqual([]);
      } finally {
        await w.context.close();
      }
    },
  );
});
