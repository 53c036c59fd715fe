import type { Feature } from '../feature';
import { seedDemoAvailability } from './booking.demo';
import { BookingSettings } from './booking-settings.entity';
import { Booking } from './booking.entity';
import { UserAvailability } from './user-availability.entity';

/** Strategy calls booked by leads: hosts' hours, the settings, and the bookings. */
export const bookingFeature: Feature = {
  name: 'booking',
  entities: [BookingSettings, UserAvailability, Booking],
  seedDemo: seedDemoAvailability,
};
