import postgres from "postgres";
import { sql } from "drizzle-orm";

// The book of reports.md section 3, seeded with set-based SQL (insert ... select ... from generate_series)
// into a database the project's migrations made: 20 companies, 200 business units, 900,000 clients,
// 1,000,000 policies, 2,500,000 lives, their status history, 300,000 claims, 500,000 leads, 3,000,000
// transactions and 12,000,000 audit rows. Ids are md5 of a name and a number (`md5('vol-policy-42')`), so
// one statement can point at rows another made without joining; spreads come from hashint4 of the number,
// so a reseed gives the same book.
//
// Every date is counted from the book day D (the seed's UTC date), and the lifecycle run of the benchmark
// runs `as_of = D`: exactly the due set (2% of the policies, hashint4 bucket < 20) has a move due, the
// rest is paid ahead, inside its grace period, or terminal, and the renewal notices of terms ending in
// the next 30 days were "sent" (their notification rows exist), as on a real book's ordinary day.

/** VOLUME_SCALE (1) shrinks the book for a quick try of the seed (0.01: 10,000 policies). */
const SCALE = Number(process.env.VOLUME_SCALE ?? 1);
const scaled = (n: number) => Math.max(20, Math.round(n * SCALE));

export const VOLUME = {
  companies: 20,
  units: 200,
  clients: scaled(900_000),
  policies: scaled(1_000_000),
  leads: scaled(500_000),
  transactions: scaled(3_000_000),
  claims: scaled(300_000),
  audit: scaled(12_000_000),
} as const;

/** Seconds in the ~3 years over which created_at is spread. */
const SPREAD_S = 1095 * 86_400;

/** The names of the book: Spanish, with accents, so that the accent-insensitive search has work. */
const FIRST_NAMES = [
  "José",
  "María",
  "Ana",
  "Luis",
  "Sofía",
  "Andrés",
  "Lucía",
  "Jesús",
  "Raúl",
  "Mónica",
  "Iván",
  "Inés",
  "Óscar",
  "Ángela",
  "Héctor",
  "Begoña",
  "Carlos",
  "Juan",
  "Pedro",
  "Elena",
  "Martín",
  "Valentina",
  "Tomás",
  "Camila",
  "Joaquín",
  "Verónica",
  "Ramón",
  "Beatriz",
  "Adrián",
  "Noemí",
];
const LAST_NAMES = [
  "Ramírez",
  "García",
  "Pérez",
  "López",
  "Martínez",
  "González",
  "Hernández",
  "Rodríguez",
  "Sánchez",
  "Gómez",
  "Díaz",
  "Núñez",
  "Muñoz",
  "Jiménez",
  "Álvarez",
  "Fernández",
  "Gutiérrez",
  "Ortiz",
  "Castillo",
  "Peña",
  "Ibáñez",
  "Cortés",
  "Vázquez",
  "Suárez",
  "Domínguez",
  "Méndez",
  "Ruiz",
  "Torres",
  "Flores",
  "Rivera",
  "Chávez",
  "Ríos",
  "Córdoba",
  "Benítez",
  "Mejía",
  "Morales",
  "Acuña",
  "Quiñones",
  "Ruíz",
  "Ávila",
];
const COMPANY_NAMES = [
  "Previsión Andina",
  "Funerales del Pacífico",
  "Seguros Ramírez",
  "La Esperanza Mutual",
  "Protección Núñez",
  "Amparo Familiar",
  "Cobertura Íntegra",
  "Aseguradora Peñalolén",
  "Vida Digna",
  "Repatriación Segura",
  "Mutual San José",
  "Descanso Eterno",
  "Sociedad Álvarez",
  "Previsora Mexicana",
  "Unión Funeraria",
  "Solidaridad Latina",
  "Seguros Córdoba",
  "Familia Unida",
  "Paz y Memoria",
  "Retorno a Casa",
];
const CITIES = [
  "Ciudad de México",
  "Guadalajara",
  "Monterrey",
  "Puebla",
  "Mérida",
  "León",
  "Querétaro",
  "Tijuana",
  "San José",
  "Bogotá",
];
const COUNTRIES = ["MX", "GT", "SV", "HN", "CO", "PE", "EC", "US", "MX", "MX"];

const lit = (values: readonly string[]) =>
  `array[${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(",")}]`;
/** A number in [0, modulo) from an integer expression: the book's "random", stable across reseeds. */
const h = (expression: string, modulo: number) => `(abs(hashint4((${expression})::int)) % ${modulo})`;
const pick = (values: readonly string[], expression: string) => `(${lit(values)})[${h(expression, values.length)} + 1]`;
/**
 * The id of the n-th row of a kind: md5 of both, with the version (4) and variant (8) digits of a random
 * UUID set, so that the API's UUID validation takes it (`bookId("client", "1")` is client 1's id).
 */
export const bookId = (kind: string, n: string) =>
  `overlay(overlay(md5('vol-${kind}-' || (${n})) placing '4' from 13) placing '8' from 17)::uuid`;
const id = bookId;

/** The unit and company of client c (units are spread round-robin, unit u belongs to company u mod 20). */
const unitOf = (c: string) => `(((${c}) - 1) % ${VOLUME.units} + 1)`;
const companyOf = (c: string) => `((${unitOf(c)} - 1) % ${VOLUME.companies} + 1)`;
/** The client of policy g: the first 900,000 policies one each, the last 100,000 a second policy. */
const clientOf = (g: string) => `(((${g}) - 1) % ${VOLUME.clients} + 1)`;

/** How many lives policy g covers: 1, 2, 3 or 4 by g mod 10 (2, 3, 3, 2 in ten): 2.5 on average. */
const livesOf = (g: string) =>
  `(case when (${g}) % 10 < 2 then 1 when (${g}) % 10 < 5 then 2 when (${g}) % 10 < 8 then 3 else 4 end)`;

/**
 * The kind of policy g, by a bucket in [0, 1000): due kinds (2%) first, then the spread of the book's
 * statuses. The due kinds are those of bench/lifecycle.ts.
 */
const KIND_SQL = (g: string) => `(case
  when ${h(`${g} * 7 + 3`, 1000)} < 4 then 'due_ntu'
  when ${h(`${g} * 7 + 3`, 1000)} < 8 then 'due_arrears'
  when ${h(`${g} * 7 + 3`, 1000)} < 12 then 'due_lapse'
  when ${h(`${g} * 7 + 3`, 1000)} < 16 then 'due_cancel'
  when ${h(`${g} * 7 + 3`, 1000)} < 20 then 'due_term'
  when ${h(`${g} * 7 + 3`, 1000)} < 720 then 'ACTIVE'
  when ${h(`${g} * 7 + 3`, 1000)} < 780 then 'IN_ARREARS'
  when ${h(`${g} * 7 + 3`, 1000)} < 860 then 'LAPSED'
  when ${h(`${g} * 7 + 3`, 1000)} < 920 then 'CANCELLED'
  when ${h(`${g} * 7 + 3`, 1000)} < 950 then 'EXPIRED'
  when ${h(`${g} * 7 + 3`, 1000)} < 980 then 'PENDING_PAYMENT'
  when ${h(`${g} * 7 + 3`, 1000)} < 995 then 'NOT_TAKEN_UP'
  else 'DRAFT' end)`;

/** What the due set of the lifecycle run moves, as bench/lifecycle.ts counts it. */
export const DUE_KINDS = ["due_ntu", "due_arrears", "due_lapse", "due_cancel", "due_term"] as const;

export type SeedStep = { label: string; sql: string };

/** The products of the book (global, sold by every company): one plan and one version each. */
const PRODUCTS = ["Repatriación Básica", "Repatriación Plus", "Protección Familiar"];

/** The statements, in order; `day` is the book day D (YYYY-MM-DD). */
export function seedSteps(day: string): SeedStep[] {
  const D = `'${day}'::date`;
  const T = `('${day}'::date + time '12:00')::timestamptz`;
  const versionOf = (g: string) => id("version", `${h(`${g} * 3 + 11`, PRODUCTS.length)} + 1`);
  // Client c's creation: spread over three years before D.
  const clientCreated = (c: string) => `(${T} - interval '1 second' * ${h(`${c} * 5 + 1`, SPREAD_S)})`;
  const steps: SeedStep[] = [];

  steps.push({
    label: "catalog: 3 products sold in 8 countries",
    sql: `
      insert into products (id, name, description, product_type, created_at)
      select ${id("product", "i")}, (${lit(PRODUCTS)})[i], 'Cobertura de repatriación y servicios funerarios', 'repatriation',
        ${T} - interval '1200 days'
      from generate_series(1, ${PRODUCTS.length}) i;
      insert into plans (id, product_id, name, created_at)
      select ${id("plan", "i")}, ${id("product", "i")}, 'Plan ' || (array['Esencial','Plus','Familia'])[i], ${T} - interval '1200 days'
      from generate_series(1, ${PRODUCTS.length}) i;
      insert into plan_versions (id, plan_id, version_label, cost_price, public_price, currency, max_entry_age, max_renewal_age,
        wtime_suicide, wtime_preexisting, created_at)
      select ${id("version", "i")}, ${id("plan", "i")}, '2023', 10.00, 25.00, 'USD', 70, 80, 730, 180, ${T} - interval '1200 days'
      from generate_series(1, ${PRODUCTS.length}) i;
      insert into plan_version_countries (plan_version_id, country_code, is_available)
      select ${id("version", "i")}, cc, true
      from generate_series(1, ${PRODUCTS.length}) i, unnest(array['MX','US','GT','SV','HN','CO','PE','EC']) cc;`,
  });

  steps.push({
    label: "companies and business units",
    sql: `
      insert into companies (id, name, tax_id, country_code, created_at)
      select ${id("company", "k")}, (${lit(COMPANY_NAMES)})[k], 'VOL-' || lpad(k::text, 3, '0'),
        (${lit(COUNTRIES)})[(k - 1) % 10 + 1], ${T} - interval '1200 days'
      from generate_series(1, ${VOLUME.companies}) k;
      insert into business_units (id, company_id, name, code, country_code, created_at)
      select ${id("unit", "u")}, ${id("company", `(u - 1) % ${VOLUME.companies} + 1`)},
        'Sucursal ' || (${lit(CITIES)})[(u - 1) / ${VOLUME.companies} + 1], 'U' || lpad(u::text, 3, '0'),
        (${lit(COUNTRIES)})[((u - 1) % ${VOLUME.companies}) % 10 + 1], ${T} - interval '1150 days'
      from generate_series(1, ${VOLUME.units}) u;`,
  });

  steps.push({
    label: `${VOLUME.clients.toLocaleString("en")} clients`,
    sql: `
      insert into clients (id, first_name, last_name, email, birth_date, nationality, country_of_residence,
        acquisition_channel, phone_e164, preferred_language, company_id, business_unit_id, created_at, updated_at)
      select ${id("client", "c")}, ${pick(FIRST_NAMES, "c * 13 + 1")},
        ${pick(LAST_NAMES, "c * 17 + 2")} || ' ' || ${pick(LAST_NAMES, "c * 19 + 3")},
        'cliente' || c || '@ejemplo.test', date '1945-01-01' + ${h("c * 23 + 4", 20_000)},
        (${lit(COUNTRIES)})[${h("c * 29 + 5", 10)} + 1], case when c % 7 = 0 then 'US' else 'MX' end,
        (array['web','agente','telefono','referido'])[${h("c * 31 + 6", 4)} + 1],
        '+52' || (5500000000 + c)::text, case when c % 9 = 0 then 'en' else 'es' end,
        ${id("company", companyOf("c"))}, ${id("unit", unitOf("c"))}, ${clientCreated("c")}, ${clientCreated("c")}
      from generate_series(1, ${VOLUME.clients}) c;`,
  });

  // Policies: kind and dates first, in a temporary table the later steps (lives, history, claims) read.
  steps.push({
    label: `${VOLUME.policies.toLocaleString("en")} policies`,
    sql: `
      create temporary table vol_policy as
      with base as (
        select g, ${clientOf("g")} as c, ${KIND_SQL("g")} as kind, ${livesOf("g")} as lives,
          case when g <= ${VOLUME.clients} then least(${T}, ${clientCreated("g")} + interval '1 hour' * ${h("g * 37 + 7", 48)})
            else ${clientCreated(clientOf("g"))} + (${T} - ${clientCreated(clientOf("g"))}) * (${h("g * 41 + 8", 1000)} / 1000.0) end as created,
          ${h("g * 43 + 9", 1000)} as r
        from generate_series(1, ${VOLUME.policies}) g
      ), started as (
        select *, case kind
            when 'due_ntu' then ${D} - 40
            when 'PENDING_PAYMENT' then ${D} - (r % 25)
            when 'due_term' then (${D} - interval '1 year' - interval '1 year' * (r % 3))::date
            else (created + interval '1 day' * (r % 10))::date end as start_date
        from base
      ), termed as (
        select *, case
            when kind = 'due_term' then (${D} - interval '1 year')::date
            when start_date >= ${D} then start_date
            else (start_date + interval '1 year' * extract(year from age(${D}, start_date)))::date end as term_start
        from started
      )
      select g, c, kind, lives, r, created, start_date, term_start,
        (term_start + interval '1 year' - interval '1 day')::date as end_date,
        1 + extract(year from age(term_start, start_date))::int as term_number,
        25.00 + case when lives >= 2 then 25.00 else 0 end + greatest(lives - 2, 0) * 12.50 as price,
        case kind
          when 'due_arrears' then ${D} - 5
          when 'due_lapse' then ${D} - 35
          when 'due_cancel' then ${D} - 1
          when 'due_term' then (term_start + interval '1 year' - interval '1 day')::date + 20
          when 'ACTIVE' then ${D} + (r % 25)
          when 'IN_ARREARS' then ${D} - 1 - (r % 28)
          when 'LAPSED' then least(${D} - 35, greatest(start_date + 30, ${D} - 60 - (r % 600)))
          when 'CANCELLED' then least(${D} - 2, greatest(start_date + 30, ${D} - 10 - (r % 700)))
          when 'EXPIRED' then start_date + interval '1 year' - interval '1 day'
          else null end::date as paid_to
      from termed;
      alter table vol_policy add primary key (g);
      analyze vol_policy;
      insert into policies (id, policy_number, client_id, plan_version_id, company_id, business_unit_id, start_date,
        term_number, term_start_date, end_date, currency, final_price, status, paid_to_date, lapsed_on, auto_renew,
        cancel_at, cancellation_reason_code, created_at, updated_at)
      select ${id("policy", "g")},
        'POL-' || extract(year from created)::int || '-' || lpad(g::text, 7, '0'),
        ${id("client", "c")}, ${versionOf("g")}, ${id("company", companyOf("c"))}, ${id("unit", unitOf("c"))},
        start_date,
        case when kind = 'EXPIRED' then 1 else term_number end,
        case when kind = 'EXPIRED' then start_date else term_start end,
        case when kind = 'EXPIRED' then (start_date + interval '1 year' - interval '1 day')::date else end_date end,
        'USD', price,
        case kind when 'due_ntu' then 'PENDING_PAYMENT' when 'due_arrears' then 'ACTIVE' when 'due_lapse' then 'IN_ARREARS'
          when 'due_cancel' then 'ACTIVE' when 'due_term' then 'ACTIVE' else kind end,
        paid_to,
        case when kind = 'LAPSED' then paid_to + 31 end,
        not (kind = 'due_term' and g % 2 = 0),
        case when kind = 'due_cancel' then ${D} - 1 end,
        case when kind = 'CANCELLED' then (array['CLIENT_REQUEST','NON_PAYMENT','DUPLICATE','OTHER'])[r % 4 + 1] end,
        created, created
      from vol_policy;`,
  });

  // The due set as seeded, so that a later benchmark can put it back before it runs the same day again.
  steps.push({
    label: "the lifecycle run's due set, kept",
    sql: `
      drop table if exists volume_due;
      create table volume_due as
      select v.kind, p.* from vol_policy v join policies p on p.id = ${id("policy", "v.g")} where v.kind like 'due\\_%';
      alter table volume_due add primary key (id);`,
  });

  steps.push({
    label: `${(VOLUME.policies * 2.5).toLocaleString("en")} lives`,
    sql: `
      insert into beneficiaries (id, policy_id, first_name, last_name, kinship_type, date_of_birth, country_of_residence,
        age_at_start, age_at_term_start, price, cover_start_date, position, created_at)
      select ${id("life", "g || '-' || n")}, ${id("policy", "g")},
        case when n = 1 then ${pick(FIRST_NAMES, "c * 13 + 1")} else ${pick(FIRST_NAMES, "g * 47 + n")} end,
        ${pick(LAST_NAMES, "c * 17 + 2")} || ' ' || ${pick(LAST_NAMES, "(g * 53 + n) * 19 + 3")},
        case n when 1 then 'SELF' when 2 then 'SPOUSE' else 'CHILD' end,
        birth, case when n > 2 and g % 11 = 0 then 'US' else 'MX' end,
        extract(year from age(start_date, birth))::int, extract(year from age(term_start, birth))::int,
        case when n > 2 then 12.50 else 25.00 end, start_date, n - 1, created
      from (
        select p.*, n, case
            when n = 1 then date '1945-01-01' + ${h("p.c * 23 + 4", 20_000)}
            when n = 2 then date '1950-01-01' + ${h("p.g * 59 + 2", 17_000)}
            else date '2005-01-01' + ${h("p.g * 61 + n", 6_000)} end as birth
        from vol_policy p, generate_series(1, p.lives) n
      ) lives;`,
  });

  // Every policy's way to its status, with the effective dates the portfolio report counts by.
  steps.push({
    label: "status history",
    sql: `
      insert into policy_status_history (policy_id, from_status, to_status, changed_by, reason, changed_at, effective_date)
      select ${id("policy", "g")}, null, 'PENDING_PAYMENT', 'system:seed', 'issued', created, start_date
      from vol_policy where kind <> 'DRAFT';
      insert into policy_status_history (policy_id, from_status, to_status, changed_by, reason, changed_at, effective_date)
      select ${id("policy", "g")}, 'PENDING_PAYMENT', 'ACTIVE', 'system:payments', 'first premium paid', created + interval '1 hour', start_date
      from vol_policy where kind not in ('DRAFT', 'PENDING_PAYMENT', 'NOT_TAKEN_UP', 'due_ntu');
      insert into policy_status_history (policy_id, from_status, to_status, changed_by, reason, changed_at, effective_date)
      select ${id("policy", "g")}, 'ACTIVE', 'IN_ARREARS', 'system:lifecycle', 'in arrears: premium due ' || (paid_to + 1) || ' unpaid',
        (paid_to + 4)::timestamptz, paid_to + 1
      from vol_policy where kind in ('IN_ARREARS', 'LAPSED', 'due_lapse');
      insert into policy_status_history (policy_id, from_status, to_status, changed_by, reason, changed_at, effective_date)
      select ${id("policy", "g")}, 'IN_ARREARS', 'LAPSED', 'system:lifecycle', 'lapsed: grace period ended on ' || (paid_to + 30),
        (paid_to + 32)::timestamptz, paid_to + 31
      from vol_policy where kind = 'LAPSED';
      insert into policy_status_history (policy_id, from_status, to_status, changed_by, reason, changed_at, effective_date)
      select ${id("policy", "g")}, 'ACTIVE', kind, 'system:lifecycle', lower(kind) || ' (seeded)',
        (paid_to + 1)::timestamptz, paid_to + 1
      from vol_policy where kind in ('CANCELLED', 'EXPIRED');
      insert into policy_status_history (policy_id, from_status, to_status, changed_by, reason, changed_at, effective_date)
      select ${id("policy", "g")}, 'PENDING_PAYMENT', 'NOT_TAKEN_UP', 'system:lifecycle', 'not taken up (seeded)',
        (start_date + 31)::timestamptz, start_date + 31
      from vol_policy where kind = 'NOT_TAKEN_UP';`,
  });

  // Renewal notices already sent for the terms ending in the next 30 days (see the header).
  steps.push({
    label: "renewal notices already sent",
    sql: `
      insert into notifications (channel, recipient, template, language, payload, status, attempts, dedupe_key, company_id,
        created_at, updated_at, sent_at)
      select 'EMAIL', 'cliente' || c || '@ejemplo.test', 'policy.renewal_notice', 'es', '{}'::jsonb, 'SENT', 1,
        'policy.renewal_notice:' || ${id("policy", "g")} || ':' || to_char(end_date, 'YYYY-MM-DD'),
        ${id("company", companyOf("c"))}, ${T} - interval '1 day', ${T} - interval '1 day', ${T} - interval '1 day'
      from vol_policy where kind = 'ACTIVE' and end_date between ${D} and ${D} + 90;`,
  });

  steps.push({
    label: `${VOLUME.transactions.toLocaleString("en")} transactions`,
    sql: `
      insert into transactions (policy_id, kind, status, amount, currency, attempt_count, processor_invoice_id, reference,
        created_by, created_at, updated_at, paid_at)
      select ${id("policy", "p.g")}, tkind, tstatus, case when tkind = 'REFUND' then -p.price else p.price end, 'USD',
        case when tstatus = 'FAILED' then 3 else 1 end,
        case when tkind = 'INVOICE' then 'in_vol_' || t end,
        case when tkind = 'MANUAL' then 'Recibo ' || t end, 'system:seed', at, at,
        case when tstatus = 'PAID' then at end
      from (
        select t, (t - 1) % ${VOLUME.policies} + 1 as g,
          case when ${h("t * 67 + 1", 100)} < 80 then 'INVOICE' when ${h("t * 67 + 1", 100)} < 97 then 'MANUAL' else 'REFUND' end as tkind,
          case when ${h("t * 71 + 2", 100)} < 90 then 'PAID' when ${h("t * 71 + 2", 100)} < 97 then 'FAILED' else 'PENDING' end as tstatus
        from generate_series(1, ${VOLUME.transactions}) t
      ) x
      join vol_policy p using (g),
      lateral (select least(${T}, p.created + interval '1 month' * ((x.t - 1) / ${VOLUME.policies}) + interval '1 hour') as at) a;`,
  });

  // Claims on the holder's life of 3 policies in 10; the life is marked deceased unless the claim was rejected.
  steps.push({
    label: `${VOLUME.claims.toLocaleString("en")} claims and their payouts`,
    sql: `
      create temporary table vol_claim as
      select g, c, created, r,
        (array['PENDING','IN_REVIEW','APPROVED','REJECTED','CLOSED','CLOSED','CLOSED','CLOSED'])[${h("g * 73 + 1", 8)} + 1] as status,
        least(${T} - interval '1 day', created + (${T} - created) * (${h("g * 79 + 2", 1000)} / 1000.0)) as reported
      from vol_policy where g % 10 in (3, 6, 9);
      insert into claims (id, claim_number, policy_id, beneficiary_id, company_id, business_unit_id, description, status,
        reported_at, date_of_death, cause_of_death, place_of_death_country, repatriation_to_country, approved_at, settle_by,
        created_by, created_at, updated_at)
      select ${id("claim", "g")},
        'CLM-' || extract(year from reported at time zone 'UTC')::int || '-' || lpad((row_number() over (
          partition by ${companyOf("c")}, extract(year from reported at time zone 'UTC') order by reported, g))::text, 6, '0'),
        ${id("policy", "g")}, ${id("life", "g || '-1'")}, ${id("company", companyOf("c"))},
        ${id("unit", unitOf("c"))}, 'Fallecimiento del titular; repatriación solicitada', status, reported,
        (reported - interval '2 days')::date,
        (array['NATURAL','NATURAL','NATURAL','ACCIDENT','PREEXISTING_CONDITION','UNDETERMINED'])[r % 6 + 1],
        'US', 'MX',
        case when status in ('APPROVED', 'CLOSED') then reported + interval '5 days' end,
        case when status in ('APPROVED', 'CLOSED') then reported + interval '35 days' end,
        'system:seed', reported, reported
      from vol_claim;
      insert into claim_number_counters (company_id, year, last_value)
      select company_id, extract(year from created_at at time zone 'UTC')::int, count(*)
      from claims where created_by = 'system:seed' group by 1, 2
      on conflict (company_id, year) do update set last_value = greatest(claim_number_counters.last_value, excluded.last_value);
      update beneficiaries b set deceased_flag = true, deceased_at = c.reported - interval '2 days'
      from vol_claim c where b.id = ${id("life", "c.g || '-1'")} and c.status <> 'REJECTED';
      insert into claim_payouts (claim_id, payee_type, payee_name, amount, currency, method, reference, created_by, created_at)
      select ${id("claim", "g")}, 'FUNERAL_HOME', 'Funeraria ' || ${pick(LAST_NAMES, "g")}, 2500.00 + (r % 40) * 100, 'USD',
        'BANK_TRANSFER', 'TRF-' || g, 'system:seed', reported + interval '20 days'
      from vol_claim where status = 'CLOSED' and reported + interval '20 days' < ${T};`,
  });

  steps.push({
    label: `${VOLUME.leads.toLocaleString("en")} leads`,
    sql: `
      insert into leads (phone_e164, first_name, last_name, email, stage, lead_score, converted_to_contact_flag,
        source_channel, utm_source, utm_medium, campaign_id, landing_page, company_id, business_unit_id, created_at, updated_at)
      select '+52' || (3300000000 + l)::text, ${pick(FIRST_NAMES, "l * 83 + 1")}, ${pick(LAST_NAMES, "l * 89 + 2")},
        'prospecto' || l || '@ejemplo.test',
        (array['NEW','NEW','CONTACTED','CONTACTED','QUALIFIED','DISQUALIFIED','CONVERTED'])[${h("l * 97 + 3", 7)} + 1],
        ${h("l * 101 + 4", 100)}, ${h("l * 97 + 3", 7)} = 6,
        (array['web','whatsapp','facebook','referido'])[${h("l * 103 + 5", 4)} + 1], 'google', 'cpc',
        'camp-' || ${h("l * 107 + 6", 12)}, '/cotizar', ${id("company", companyOf("l"))}, ${id("unit", unitOf("l"))},
        ${T} - interval '1 second' * ${h("l * 109 + 7", SPREAD_S)}, ${T} - interval '1 second' * ${h("l * 109 + 7", SPREAD_S)}
      from generate_series(1, ${VOLUME.leads}) l;`,
  });

  // The audit log, in four statements of 3,000,000 rows: half about policies, the rest about clients,
  // transactions, claims and leads, spread over three years.
  const chunk = VOLUME.audit / 4;
  for (let part = 0; part < 4; part++) {
    steps.push({
      label: `audit rows ${(part * chunk + 1).toLocaleString("en")} to ${((part + 1) * chunk).toLocaleString("en")}`,
      sql: `
        insert into audit_logs (action, actor, company_id, entity, entity_id, ip_address, details, created_at)
        select
          case e when 'policies' then (array['POLICY_ISSUED','POLICY_STATUS_CHANGED','POLICY_RENEWED','POLICY_ENDORSED'])[a % 4 + 1]
            when 'clients' then (array['CLIENT_CREATED','CLIENT_UPDATED'])[a % 2 + 1]
            when 'transactions' then 'PAYMENT_RECORDED' when 'claims' then 'CLAIM_STATUS_CHANGED' else 'LEAD_STAGE_CHANGED' end,
          case when a % 3 = 0 then 'system:lifecycle' when a % 3 = 1 then 'system:payments' else 'api_key:bench' end,
          ${id("company", companyOf(`n % ${VOLUME.clients} + 1`))}, e,
          case e when 'policies' then ${id("policy", `n % ${VOLUME.policies} + 1`)}
            when 'clients' then ${id("client", `n % ${VOLUME.clients} + 1`)}
            when 'claims' then ${id("claim", `(n % ${VOLUME.policies / 10}) * 10 + 3`)}
            else ${id("' || e || '", "n")} end,
          '10.0.' || (a % 250) || '.' || (a % 200),
          jsonb_build_object('seq', a, 'note', 'carga inicial'),
          ${T} - interval '1 second' * ${h("a * 113 + 1", SPREAD_S)}
        from (
          select a, ${h("a * 127 + 2", VOLUME.clients)} as n,
            case when a % 20 < 10 then 'policies' when a % 20 < 14 then 'clients' when a % 20 < 17 then 'transactions'
              when a % 20 < 19 then 'claims' else 'leads' end as e
          from generate_series(${part * chunk + 1}, ${(part + 1) * chunk}) a
        ) x;`,
    });
  }

  // Issued numbers continue after the seeded ones (POL-<year>-<1000001 and on>), never on them.
  steps.push({
    label: "policy number counters",
    sql: `
      insert into policy_number_counters (year, last_value)
      select y, ${VOLUME.policies} from generate_series(extract(year from ${D})::int - 4, extract(year from ${D})::int + 1) y
      on conflict (year) do update set last_value = greatest(policy_number_counters.last_value, excluded.last_value);`,
  });
  return steps;
}

/** The tables the seed fills in bulk: their secondary indexes are dropped first and built again after. */
const BULK_TABLES = [
  "clients",
  "policies",
  "beneficiaries",
  "policy_status_history",
  "notifications",
  "transactions",
  "claims",
  "leads",
  "audit_logs",
];

/**
 * Runs the steps on one connection (temporary tables live in its session), logging each one's time.
 * Building an index once over sorted rows is much cheaper than growing it row by row, so the secondary
 * indexes of the bulk tables (not those of primary keys and unique constraints, which the inserts need)
 * are dropped before and built again, with the migrations' own definitions, after.
 */
export async function seedVolumeBook(databaseUrl: string, day: string, log: (line: string) => void): Promise<void> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {}, idle_timeout: 0 });
  const time = async (label: string, run: () => Promise<unknown>) => {
    const at = performance.now();
    await run();
    log(`seed: ${label} in ${((performance.now() - at) / 1000).toFixed(1)} s`);
  };
  try {
    await sql.unsafe("set synchronous_commit = off; set maintenance_work_mem = '256MB'; set work_mem = '64MB'");
    const started = performance.now();
    const indexes = await sql<{ indexname: string; indexdef: string }[]>`
      select indexname, indexdef from pg_indexes
      where schemaname = 'public' and tablename in ${sql(BULK_TABLES)}
        and indexname not in (select conname from pg_constraint)`;
    for (const index of indexes) await sql.unsafe(`drop index "${index.indexname}"`);
    for (const step of seedSteps(day)) await time(step.label, () => sql.unsafe(step.sql));
    await time(`${indexes.length} secondary indexes built again`, async () => {
      for (const index of indexes) await sql.unsafe(index.indexdef);
    });
    await time("vacuum analyze", () => sql.unsafe("vacuum analyze"));
    log(`seed: the book took ${((performance.now() - started) / 60_000).toFixed(1)} min`);
  } finally {
    await sql.end();
  }
}

/** What the database's comment says once the book is complete: a seed cut short is seeded again. */
const MARKER = "cover volume book v1, day ";

/** The book day of a complete seed in the database, or null (missing database, or a seed cut short). */
async function seededDay(adminUrl: string, name: string): Promise<string | null | undefined> {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    const [row] = await admin<{ comment: string | null }[]>`
      select shobj_description(oid, 'pg_database') as comment from pg_database where datname = ${name}`;
    if (!row) return undefined;
    return row.comment?.startsWith(MARKER) ? row.comment.slice(MARKER.length) : null;
  } finally {
    await admin.end();
  }
}

/**
 * The volume database, kept between runs: created, migrated with the project's migrations (the same code
 * the service runs at start-up, here so that a long migration of the big tables is not timed as start-up),
 * given its reference data, and seeded when it holds no complete book or `reseed` is asked for. Returns its
 * URL and the book day.
 */
export async function prepareVolumeDatabase(
  adminUrl: string,
  name: string,
  { reseed, log }: { reseed: boolean; log: (line: string) => void },
): Promise<{ url: string; day: string }> {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let day = await seededDay(adminUrl, name);
  if (reseed || !day) {
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    try {
      if (day !== undefined) {
        log(`dropping ${name} (${reseed ? "VOLUME_RESEED=1" : "no complete book in it"})`);
        await admin.unsafe(`drop database if exists "${name}" with (force)`);
      }
      await admin.unsafe(`create database "${name}"`);
    } finally {
      await admin.end();
    }
    day = null;
  }
  // The project's own migrator and reference seed (permissions, roles, countries, default company).
  const { openDatabase, migrateDatabase } = await import("../../db/index");
  const { foldPortfolioTotals } = await import("../../lib/reports/portfolio-totals");
  const { seedDatabase } = await import("../../db/seed/index");
  const connection = await openDatabase(url.toString());
  try {
    const migrating = performance.now();
    await migrateDatabase(connection);
    log(`migrated in ${((performance.now() - migrating) / 1000).toFixed(1)} s`);
    await seedDatabase(connection.db);
  } finally {
    await connection.close();
  }
  if (!day) {
    day = new Date().toISOString().slice(0, 10);
    log(`seeding the book of reports.md section 3 (book day ${day}); this takes minutes`);
    await seedVolumeBook(url.toString(), day, log);
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    try {
      await admin.unsafe(`comment on database "${name}" is '${MARKER}${day}'`);
    } finally {
      await admin.end();
    }
  } else {
    log(`reusing ${name}, seeded for book day ${day} (VOLUME_RESEED=1 seeds it again)`);
  }
  // The report's totals take in what the seed and the migrations queued, as the service's job every five
  // minutes would (docs/reports.md section 5); timed here, not as part of a report.
  const folding = await openDatabase(url.toString());
  try {
    const started = performance.now();
    const taken = await foldPortfolioTotals(folding.db);
    // As autovacuum would in time after the migrations' and the fold's bulk writes (a backfill of every
    // policy leaves a million dead rows that each index scan steps over; the report's sums are index-only
    // scans of all-visible pages): done here, so that the targets do not measure a vacuum running beside.
    if (taken > 0) await folding.db.execute(sql`vacuum analyze`);
    log(
      `portfolio totals: ${taken.toLocaleString("en")} policies taken in, ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await folding.close();
  }
  return { url: url.toString(), day };
}
