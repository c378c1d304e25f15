-- Failed logins are counted in rate_events (action 'login_failure'), like every other limited action.
DROP TABLE login_failures;
