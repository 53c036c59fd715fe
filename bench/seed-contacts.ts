// The realistic contacts every scale bench seeds (names, emails, companies, statuses, a year of
// dates), in one INSERT ... SELECT. Products are computed in bigint: `g * 7919` overflowed
// integer above ~271,000 rows.
import type { EntityManager } from '@mikro-orm/postgresql';

/** Seeds `count` contacts in one statement: varied names, emails, companies, statuses and dates. */
export async function seedContacts(em: EntityManager, count: number): Promise<void> {
  const conn = em.getConnection();
  await conn.execute(
    `with first(n) as (select array['James','Mary','Robert','Patricia','John','Jennifer','Michael','Linda',
        'David','Elizabeth','William','Barbara','Richard','Susan','Joseph','Jessica','Thomas','Sarah','Carlos',
        'Karen','Daniel','Lisa','Matthew','Nancy','Anthony','Sandra','Mark','Ashley','Priya','Emily','Wei',
        'Fatima','Lukas','Sofia','Hiroshi','Amara','Mateo','Olga','Noah','Chloe','Ahmed','Ingrid']),
      last(n) as (select array['Smith','Johnson','Williams','Brown','Jones','Garcia','Miller','Davis',
        'Rodriguez','Martinez','Hernandez','Lopez','Gonzalez','Wilson','Anderson','Thomas','Taylor','Moore',
        'Jackson','Martin','Lee','Perez','Thompson','White','Harris','Sanchez','Clark','Ramirez','Lewis',
        'Robinson','Walker','Young','Allen','King','Wright','Scott','Nguyen','Patel','Kowalski','Schmidt',
        'Tanaka','Okafor','Larsen','Dubois','Rossi','Silva','Novak','Ivanova']),
      co1(n) as (select array['Acme','Globex','Initech','Umbrella','Stark','Wayne','Hooli','Vandelay',
        'Soylent','Cyberdyne','Tyrell','Wonka','Aperture','Massive','Blue Sun','Nakatomi','Oscorp','Gringotts',
        'Monarch','Pied Piper','Sterling','Dunder','Bluth','Prestige','Northwind','Contoso','Fabrikam',
        'Tailspin','Litware','Proseware','Adventure','Alpine','Lucerne','Margie','Wingtip','Coho']),
      co2(n) as (select array['Labs','Systems','Logistics','Group','Inc','Holdings','Solutions','Media',
        'Health','Energy','Foods','Capital','Robotics','Software','Retail','Partners','Analytics','Telecom']),
      dom(n) as (select array['gmail.com','outlook.com','yahoo.com','proton.me','icloud.com','fastmail.com'])
     insert into contacts (name, email, company, phone, message, status, source, created_at, updated_at)
     select f.v || ' ' || l.v,
            lower(f.v) || '.' || lower(l.v) || g || '@' ||
              case when c.v is null then (select n[1 + (g * 7) % 6] from dom)
                   else lower(replace(c.v, ' ', '')) || '.com' end,
            c.v,
            '+1 ' || lpad(((g::bigint * 7919) % 1000)::text, 3, '0') || ' 555 ' || lpad((g % 10000)::text, 4, '0'),
            'Interested in AI outbound calling, about ' || (g % 500) || ' calls a day.',
            case when abs(hashint4(g) % 10) < 4 then 'new' when abs(hashint4(g) % 10) < 7 then 'contacted'
                 when abs(hashint4(g) % 10) < 9 then 'qualified' else 'converted' end,
            (array['website','import','referral','event'])[1 + (g * 13) % 4],
            ts, ts
       from generate_series(1, ?) as g
       cross join lateral (select (select n[1 + (g * 31) % array_length(n, 1)] from first) as v) f
       cross join lateral (select (select n[1 + (g * 17 + g / 7) % array_length(n, 1)] from last) as v) l
       cross join lateral (select case when g % 10 = 0 then null else
              (select n[1 + (g * 11) % array_length(n, 1)] from co1) || ' ' ||
              (select n[1 + (g * 5 + g / 3) % array_length(n, 1)] from co2) end as v) c
       cross join lateral (select now() - interval '365 days' * (1 - g::float8 / ?)
              - interval '1 second' * ((g::bigint * 104729) % 3600) as ts) t`,
    [count, count],
  );
  // Fresh statistics, as autovacuum would have them.
  await conn.execute('analyze contacts');
}
