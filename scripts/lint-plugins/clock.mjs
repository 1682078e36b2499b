/**
 * A local oxlint plugin (plain JavaScript: oxlint runs TypeScript plugins only on Node 22.18 or later).
 *
 * `twogether/no-wall-clock`: a rule's time is the injected clock's (docs/decisions/032-one-clock-and-each-persons-time-zone.md),
 * so `Date.now()` and an argument-less `new Date()` are refused where rules live (server/modules, core); the clock
 * (server/clock.ts) and tests read the wall clock. `new Date(value)` converts a value and is allowed.
 */
const message = "A rule's time is the injected clock's: take `clock.now()` (server/clock.ts) or a `now` parameter, not the wall clock (decision 032).";

const isDate = (node) => node.type === 'Identifier' && node.name === 'Date';

export default {
  meta: { name: 'twogether' },
  rules: {
    'no-wall-clock': {
      meta: { type: 'problem', docs: { description: 'Refuses Date.now() and new Date() without an argument: use the injected clock.' } },
      create(context) {
        return {
          CallExpression(node) {
            const callee = node.callee;
            if (callee.type === 'MemberExpression' && isDate(callee.object) && !callee.computed && callee.property.name === 'now') context.report({ node, message });
          },
          NewExpression(node) {
            if (isDate(node.callee) && node.arguments.length === 0) context.report({ node, message });
          },
        };
      },
    },
  },
};
