// Navigation, mobile menu, hero slider, demo alert, case-study modals and service pages.
import { describe, expect, it } from 'vitest';
import { newPage, waitForHydration, type Watched, usePublicSuite } from './support/public';

const suite = usePublicSuite();

async function open(path: string, options: Parameters<typeof newPage>[1] = {}): Promise<Watched> {
  const w = await newPage(suite, options);
  await w.page.goto(path);
  await waitForHydration(w.page);
  return w;
}

const activeSlide = (w: Watched) =>
  w.page
    .locator('[data-testid="hero-slide"]')
    .evaluateAll((els) => els.findIndex((e) => e.getAttribute('data-active') === 'true'));

describe('navigation bar', () => {
  it('links Home, Services, Case Studies, About and Book Strategy Call', async () => {
    const w = await open('/about');
    try {
      const nav = w.page.getByRole('navigation', { name: 'Main' });
      expect(
        await nav.getByRole('link', { name: 'Convoza AI Voice Agents' }).getAttribute('href'),
      ).toBe('/');
      for (const [name, href] of [
        ['Home', '/'],
        ['Services', '/services'],
        ['Case Studies', '/case-studies'],
        ['About', '/about'],
        ['Book Strategy Call', '/contact'],
      ]) {
        expect(await nav.getByRole('link', { name, exact: true }).getAttribute('href')).toBe(href);
      }
      await nav.getByRole('link', { name: 'Services', exact: true }).click();
      await w.page.waitForURL('**/services');
      await w.page.getByRole('heading', { level: 1, name: 'All Services' }).waitFor();
      expect(await w.page.title()).toContain('Services');
      await w.page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Book Strategy Call' })
        .click();
      await w.page.getByRole('heading', { level: 1, name: 'Book Your Strategy Call' }).waitFor();
      expect(w.consoleErrors.filter((e) => !e.includes('/api/contacts/form-token'))).toEqual([]);
    } finally {
      await w.close();
    }
  });

  it('opens and closes the mobile menu; choosing a link closes it', async () => {
    const w = await open('/', { viewport: { width: 375, height: 800 } });
    try {
      const toggle = w.page.getByRole('button', { name: 'Open menu' });
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      await toggle.click();
      const menu = w.page.locator('#mobile-menu');
      await menu.waitFor();
      expect(
        await w.page.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded'),
      ).toBe('true');
      for (const name of ['Home', 'Services', 'Case Studies', 'About', 'Book Strategy Call']) {
        await menu.getByRole('link', { name, exact: true }).waitFor();
      }
      await w.page.getByRole('button', { name: 'Close menu' }).click();
      await menu.waitFor({ state: 'detached' });
      await w.page.getByRole('button', { name: 'Open menu' }).click();
      await menu.getByRole('link', { name: 'About', exact: true }).click();
      await w.page.waitForURL('**/about');
      await menu.waitFor({ state: 'detached' });
      await w.page.getByRole('heading', { level: 1 }).waitFor();
    } finally {
      await w.close();
    }
  });
});

describe('home hero', () => {
  it('shows the claim, badges and the CTA to /contact', async () => {
    const w = await open('/');
    try {
      await w.page.getByText('Trusted by 2,100+ Clients').waitFor();
      await w.page.getByText('SOC 2 Type II Compliant').waitFor();
      expect(
        await w.page
          .getByRole('link', { name: 'Book a Strategy Call' })
          .first()
          .getAttribute('href'),
      ).toBe('/contact');
    } finally {
      await w.close();
    }
  });

  it('Watch Demo Video shows the alert', async () => {
    const w = await open('/');
    try {
      const dialog = new Promise<string>((resolve) =>
        w.page.once('dialog', (d) => (resolve(d.message()), void d.accept())),
      );
      await w.page.getByRole('button', { name: 'Watch Demo Video' }).click();
      expect(await dialog).toBe('Demo video coming soon! Book a strategy call to see a live demo.');
    } finally {
      await w.close();
    }
  });

  it('the slider advances every 4 s and the dots select a slide', async () => {
    const w = await open('/');
    try {
      expect(await w.page.locator('[data-testid="hero-slide"]').count()).toBe(4);
      expect(await activeSlide(w)).toBe(0);
      await w.page.mouse.move(0, 0);
      await expect.poll(() => activeSlide(w), { timeout: 6000, interval: 250 }).toBe(1);
      await w.page.getByRole('button', { name: 'Show slide 4' }).click();
      expect(await activeSlide(w)).toBe(3);
      expect(
        await w.page.getByRole('button', { name: 'Show slide 4' }).getAttribute('aria-current'),
      ).toBe('true');
      // Focus is on a dot, so rotation pauses; blur it and the cycle wraps around to slide 1.
      await w.page.locator('body').click({ position: { x: 5, y: 880 } });
      await w.page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await w.page.mouse.move(0, 0);
      await expect.poll(() => activeSlide(w), { timeout: 6000, interval: 250 }).toBe(0);
    } finally {
      await w.close();
    }
  });

  it('the slider pauses on hover and does not rotate under reduced motion', async () => {
    const w = await open('/');
    try {
      await w.page.locator('[aria-roledescription="carousel"]').hover();
      await w.page.waitForTimeout(4600);
      expect(await activeSlide(w)).toBe(0);
    } finally {
      await w.close();
    }
    const reduced = await open('/', { reducedMotion: 'reduce' });
    try {
      await reduced.page.mouse.move(0, 0);
      await reduced.page.waitForTimeout(4600);
      expect(await activeSlide(reduced)).toBe(0);
    } finally {
      await reduced.close();
    }
  });

  it('has six client logos, four service cards with their links and the results strip', async () => {
    const w = await open('/');
    try {
      expect(await w.page.locator('section[aria-labelledby="logos-title"] li img').count()).toBe(6);
      const hrefs = await w.page
        .getByRole('link', { name: /^View Details/ })
        .evaluateAll((els) => els.map((e) => e.getAttribute('href')));
      expect(hrefs).toEqual([
        '/services/ai-outbound-calling',
        '/services/ai-inbound-lead-vetting',
        '/services/ai-text-email',
        '/services/workflow-automation',
      ]);
      expect(
        await w.page.getByRole('link', { name: 'View All Services' }).getAttribute('href'),
      ).toBe('/services');
      for (const text of ['70x', 'Millions', '24/7', '90%'])
        await w.page.getByText(text, { exact: true }).first().waitFor();
      expect(await w.page.locator('#case-studies li button').count()).toBe(6);
      expect(
        await w.page.locator('[aria-labelledby="testimonials-title"] blockquote').count(),
      ).toBe(3);
      const footer = w.page.locator('footer');
      expect(
        await footer.getByRole('link', { name: 'AI Inbound Lead Vetting' }).getAttribute('href'),
      ).toBe('/services/ai-inbound-lead-vetting');
      for (const href of ['/about', '/case-studies', '/careers', '/contact'])
        expect(await footer.locator(`a[href="${href}"]`).count()).toBeGreaterThan(0);
      await footer.getByText('hello@convoza.ai').waitFor();
      await footer.getByText('(888) 555-0142').waitFor();
      await footer.getByText(/© 2024 Convoza/).waitFor();
      expect(await footer.locator('a[target="_blank"]').count()).toBe(3);
    } finally {
      await w.close();
    }
  });
});

describe('case-study modals', () => {
  it('home: a card opens the full story; Escape closes it and focus returns to the card', async () => {
    const w = await open('/');
    try {
      const card = w.page.locator('#case-studies li button').nth(1);
      await card.click();
      const dialog = w.page.getByRole('dialog');
      await dialog.waitFor();
      for (const text of [
        'Company',
        'Industry',
        'Timeline',
        'Team size',
        'Challenge',
        'Solution',
        'Technologies',
        'Results',
      ]) {
        await dialog.getByText(text, { exact: true }).waitFor();
      }
      await dialog.getByText('Stackwise', { exact: true }).waitFor();
      await w.page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => card.evaluate((el) => el === document.activeElement)).toBe(true);
    } finally {
      await w.close();
    }
  });

  it('home: Start Your Project closes the modal and goes to /contact', async () => {
    const w = await open('/');
    try {
      await w.page.locator('#case-studies li button').first().click();
      await w.page.getByRole('dialog').getByRole('link', { name: 'Start Your Project' }).click();
      await w.page.waitForURL('**/contact');
      expect(await w.page.getByRole('dialog').count()).toBe(0);
      await w.page.getByRole('heading', { level: 1, name: 'Book Your Strategy Call' }).waitFor();
    } finally {
      await w.close();
    }
  });

  it('/case-studies: stats, featured block, three cards and the full case-study modal', async () => {
    const w = await open('/case-studies');
    try {
      for (const text of ['70x', '200%', '500+', '90%'])
        await w.page.getByText(text, { exact: true }).first().waitFor();
      expect(await w.page.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe(
        '/',
      );
      await w.page.getByText('Featured story').waitFor();
      const buttons = w.page.getByRole('button', { name: 'View Full Case Study' });
      expect(await buttons.count()).toBe(3);
      await buttons.nth(1).click();
      const dialog = w.page.getByRole('dialog');
      await dialog.getByText('Vigilant Alarm Systems', { exact: true }).waitFor();
      await dialog.getByText(/Tom Alvarez/).waitFor();
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });
      await buttons.first().click();
      await w.page.getByRole('dialog').getByRole('link', { name: 'Start Your Project' }).click();
      await w.page.waitForURL('**/contact');
      expect(await w.page.getByRole('dialog').count()).toBe(0);
    } finally {
      await w.close();
    }
  });
});

describe('service pages', () => {
  it('a known slug shows its detail page', async () => {
    const w = await open('/services/workflow-automation');
    try {
      expect(
        await w.page.getByRole('link', { name: 'Back to Services' }).getAttribute('href'),
      ).toBe('/services');
      for (const name of ['Key Features', 'Benefits', 'How It Works', 'Ready to Get Started?']) {
        await w.page.getByRole('heading', { name, exact: true }).waitFor();
      }
      for (const step of ['01', '02', '03'])
        await w.page.getByText(step, { exact: true }).waitFor();
      expect(
        await w.page.getByRole('link', { name: 'Book Your Strategy Call' }).getAttribute('href'),
      ).toBe('/contact');
    } finally {
      await w.close();
    }
  });

  it('an unknown slug shows the All Services listing with Learn More per service', async () => {
    const w = await open('/services/no-such-service');
    try {
      await w.page.getByRole('heading', { level: 1, name: 'All Services' }).waitFor();
      expect(await w.page.getByRole('link', { name: /^Learn More/ }).count()).toBe(4);
      await w.page
        .getByRole('link', { name: /^Learn More/ })
        .first()
        .click();
      await w.page.getByRole('heading', { level: 1, name: 'AI Outbound Calling' }).waitFor();
    } finally {
      await w.close();
    }
  });
});

describe('about and careers', () => {
  it('about lists values, timeline, team and impact stats', async () => {
    const w = await open('/about');
    try {
      for (const v of ['Results-Driven', 'Security First', 'Human-Centered', 'Innovation'])
        await w.page.getByRole('heading', { name: v }).waitFor();
      for (const y of ['2019', '2024']) await w.page.getByText(y, { exact: true }).waitFor();
      expect(await w.page.locator('[aria-labelledby="team-title"] img').count()).toBe(4);
      for (const s of ['500+', '10M+', '99.9%', '24/7'])
        await w.page.getByText(s, { exact: true }).first().waitFor();
    } finally {
      await w.close();
    }
  });

  it('careers lists four Full-time roles with Apply Now and the open-application link', async () => {
    const w = await open('/careers');
    try {
      for (const t of [
        'Senior AI Engineer',
        'Product Manager - AI Solutions',
        'Sales Development Representative',
        'Customer Success Manager',
      ]) {
        await w.page.getByRole('heading', { name: t, exact: true }).waitFor();
      }
      expect(await w.page.getByText('Full-time', { exact: true }).count()).toBe(4);
      const apply = w.page.getByRole('link', { name: /^Apply Now/ });
      expect(await apply.count()).toBe(4);
      expect(
        await apply.evaluateAll((els) => els.every((e) => e.getAttribute('href') === '/contact')),
      ).toBe(true);
      expect(
        await w.page.getByRole('link', { name: /Don't see your role/ }).getAttribute('href'),
      ).toBe('/contact');
      expect(await w.page.locator('[aria-labelledby="benefits-title"] li').count()).toBe(8);
    } finally {
      await w.close();
    }
  });
});
