import { findService } from '../content/services.content';
import { PublicLayout } from '../layout/public-layout';
import { ServiceDetail } from '../sections/service-detail';
import { ServicesListing } from '../sections/services-listing';

/** A known slug shows its detail page; no slug or an unknown one shows the listing (docs/PRODUCT.md). */
export function ServicesPage({ serviceId }: { serviceId?: string }) {
  const service = findService(serviceId);
  return (
    <PublicLayout>
      {service ? <ServiceDetail service={service} /> : <ServicesListing />}
    </PublicLayout>
  );
}
