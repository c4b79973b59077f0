/**
Whether each placeholder of the request resolves, for colouring it where it is drawn (the
URL, a header, a body). A body repeats the same few placeholders on every row: each is
resolved once per scope.
*/
import {interpolate, type InterpolateOptions} from '../../../core/interpolate/index.js';
import type {Collection, Request} from '../../../core/model.js';
import type {Session} from '../../../core/session/session.js';
import type {PlaceholderState} from '../../field/editor-row.js';

type Resolver = (expression: string) => PlaceholderState;

let last: {session: Session; collection: Collection; request: Request; environmentId: string | undefined; revision: number; options: InterpolateOptions; resolver: Resolver} | undefined;

/**
The resolver for a request of a collection, in an environment, as the store and the session hold them at
`revision` (which marks a change of the runtime variables too): the same one until any of
these changes.
*/
export function placeholderStates(session: Session, collection: Collection, request: Request, environmentId: string | undefined, revision: number, env: InterpolateOptions['env']): Resolver {
	if (last !== undefined && last.session === session && last.collection === collection && last.request === request && last.environmentId === environmentId && last.revision === revision && last.options.env === env) {
		return last.resolver;
	}

	// The request's own variables and its folders' count too.
	const scope = session.scope(collection, environmentId, request);
	const options: InterpolateOptions = {env, allowedEnv: session.allowedEnv()};
	const states = new Map<string, PlaceholderState>();
	const resolver: Resolver = expression => {
		let state = states.get(expression);
		if (state === undefined) {
			state = interpolate(`{{${expression}}}`, scope, options).problems.length === 0 ? 'resolved' : 'unresolved';
			states.set(expression, state);
		}

		return state;
	};

	last = {session, collection, request, environmentId, revision, options, resolver};
	return resolver;
}
