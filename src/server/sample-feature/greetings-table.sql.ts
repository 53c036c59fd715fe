/** Its table, as a migration of the feature would create it (the test creates it). */
export const GREETINGS_TABLE_SQL = `create table sample_greetings (
  id serial primary key,
  contact_id int not null,
  email varchar(254) not null,
  text varchar(300) not null,
  sent_at timestamptz null,
  created_at timestamptz not null default now()
)`;
