// The one marker of a property that holds a person's data (a lead's name, email, phone, words, or
// a copy of them): `p.text().groups(PERSONAL)` in the entity's definition. A person's export and
// erasure are derived from these marks, and privacy/personal-columns.test.ts fails for a text
// column of a table about contacts that is neither marked nor listed there as not personal.
// (MikroORM's serialization groups: the product never serializes entities by group.)
export const PERSONAL = 'personal';

/** Whether a property's metadata carries the marker. */
export const isPersonal = (property: { groups?: readonly string[] }): boolean =>
  property.groups?.includes(PERSONAL) ?? false;
