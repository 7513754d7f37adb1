import { expect } from '@jest/globals';

export interface Decider<Command, Event, State> {
  decide: (command: Command, state: State) => Event[];
  evolve: (state: State, event: Event) => State;
  initialState: () => State;
}

type ErrorClass = abstract new (...args: never[]) => Error;

export interface DeciderSpecification<Command, Event> {
  when: (command: Command) => {
    /** The command appends exactly these events. */
    then: (expected: Event[]) => void;
    /** The command is refused with this error type (and message, when given). */
    thenThrows: (errorClass: ErrorClass, message?: string) => Error;
    /** The command is accepted and appends nothing: a repeat of something already done. */
    thenNothing: () => void;
  };
}

/** Given(events).when(command).then(events): the state is the fold of the given events, as in a handler. */
export function specificationFor<Command, Event, State>(
  decider: Decider<Command, Event, State>,
): (given?: Event[]) => DeciderSpecification<Command, Event> {
  return (given = []) => ({
    when: (command) => {
      const handle = () => decider.decide(command, given.reduce(decider.evolve, decider.initialState()));
      return {
        then: (expected) => expect(handle()).toEqual(expected),
        thenNothing: () => expect(handle()).toEqual([]),
        thenThrows: (errorClass, message) => {
          let caught: unknown;
          try {
            handle();
          } catch (error) {
            caught = error;
          }
          expect(caught).toBeInstanceOf(errorClass);
          if (message !== undefined) expect((caught as Error).message).toBe(message);
          return caught as Error;
        },
      };
    },
  });
}
