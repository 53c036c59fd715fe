import { CLOSING_CTA } from '../content/home.content';
import { PublicLayout } from '../layout/public-layout';
import { CaseStudiesSection } from '../sections/case-studies-section';
import { ClosingCtaSection } from '../sections/closing-cta-section';
import { HeroSection } from '../sections/hero-section';
import { LogoStripSection } from '../sections/logo-strip-section';
import { ServicesSection } from '../sections/services-section';
import { TestimonialsSection } from '../sections/testimonials-section';

/** The order docs/PRODUCT.md gives: hero, client logos, services, case studies, testimonials, closing CTA, footer. */
export function HomePage() {
  return (
    <PublicLayout>
      <HeroSection />
      <LogoStripSection />
      <ServicesSection />
      <CaseStudiesSection />
      <TestimonialsSection />
      <ClosingCtaSection title={CLOSING_CTA.title} body={CLOSING_CTA.body} />
    </PublicLayout>
  );
}
