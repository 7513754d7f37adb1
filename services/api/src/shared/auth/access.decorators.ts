import { Reflector } from '@nestjs/core';

/**
 * Who may call a route. Every route states one (on the handler or its controller): the global access guard
 * refuses any route that does not, so a new route can never be open by omission.
 */
export type AccessRule = 'public' | 'member' | 'admin' | 'staff-read' | 'staff' | 'metrics-reader';

export const Access = Reflector.createDecorator<AccessRule>();

/** Anyone, signed in or not. */
export const Public = () => Access('public');
/** A member session (cookie `ls_member`) of an active member. */
export const MemberOnly = () => Access('member');
/** An admin session (cookie `ls_admin`) of an active admin. */
export const AdminOnly = () => Access('admin');
/** An admin session of an active admin or auditor: for routes that read and change nothing. */
export const StaffRead = () => Access('staff-read');
/** An admin session of an active admin or auditor, changing only their own account (its security settings). */
export const Staff = () => Access('staff');
/** An admin session of an active admin, or a scraper's `Authorization: Bearer <METRICS_TOKEN>`. */
export const MetricsReader = () => Access('metrics-reader');

/**
 * Staff must set up a second factor before anything else: until they have, every staff route answers 403 but
 * those marked with this (their security settings, their profile).
 */
export const ReachableBeforeSecondFactor = Reflector.createDecorator<true>();
export const BeforeSecondFactorSetup = () => ReachableBeforeSecondFactor(true);
