import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Plans with their versions, and payment methods. A plan's terms are never edited in place: a change adds a
 * version and moves the plan's pointer, so a deposit that copied plan id and version keeps its terms.
 */
export const createCatalog: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      create table plans (
        id uuid primary key,
        kind text not null check (kind in ('crypto', 'real_estate')),
        -- the current version's name, here so names are unique among the plans of a kind
        name text not null check (length(name) between 1 and 60),
        current_version integer not null,
        active boolean not null,
        created_at timestamptz not null,
        updated_at timestamptz not null
      );
      create unique index plans_name_per_kind_key on plans (kind, lower(name));

      create table plan_versions (
        plan_id uuid not null references plans (id),
        version integer not null check (version > 0),
        name text not null,
        percentage numeric not null check (percentage > 0 and percentage < 100000),
        term_days integer not null check (term_days > 0),
        min_amount bigint not null check (min_amount > 0),
        max_amount bigint not null,
        created_at timestamptz not null,
        primary key (plan_id, version),
        constraint plan_versions_min_not_above_max check (min_amount <= max_amount)
      );

      -- Deferred: a plan and its first version are inserted in one transaction, in either order.
      alter table plans add constraint plans_current_version_fkey
        foreign key (id, current_version) references plan_versions (plan_id, version)
        deferrable initially deferred;

      create function refuse_plan_version_change() returns trigger language plpgsql as $$
      begin
        raise exception 'plan versions are kept as written: add a version instead' using errcode = 'LSPLV';
      end $$;
      create trigger plan_versions_append_only before update or delete on plan_versions
        for each row execute function refuse_plan_version_change();

      create table payment_methods (
        id uuid primary key,
        name text not null check (length(name) between 1 and 40),
        network text not null check (network in ('bitcoin', 'ethereum', 'tron', 'dogecoin', 'xrp', 'solana')),
        address text not null check (length(address) between 1 and 128),
        active boolean not null,
        display_order integer not null check (display_order >= 0),
        created_at timestamptz not null,
        updated_at timestamptz not null
      );
      create unique index payment_methods_name_key on payment_methods (lower(name));
    `.execute(db);
  },
};
