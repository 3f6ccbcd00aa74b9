// The summary `npm run cluster` prints once everything answers: the picture, the addresses and the logins.
import { BALANCER, BOUNCERS, CLUSTERS, DIR, paths, SERVERS } from './layout.mjs';

const port = (list, key) => list.find((x) => x.key === key).port;

export function diagram({ s, prepared, version, env }) {
  const [a1, a2, a3] = SERVERS.map((x) => x.port);
  const pgA = port(CLUSTERS, 'a');
  const pgR = port(CLUSTERS, 'a-replica');
  const pgB = port(CLUSTERS, 'b');
  const bA = port(BOUNCERS, 'pgbouncer-a');
  const bB = port(BOUNCERS, 'pgbouncer-b');
  const lb = BALANCER.port;
  const bouncer = version ? `PgBouncer ${version.join('.')}` : 'PgBouncer';
  return `
Plotbook cluster is up.

                     http://localhost:${lb}   (nginx: round robin, passive failover)
                                 |
           +---------------------+---------------------+
           |                     |                     |
     api-1 :${a1}           api-2 :${a2}           api-3 :${a3}      Plotbook servers (same build, env only)
           +---------------------+---------------------+
                                 |
                      PgBouncer A :${bA} (transaction)              PgBouncer B :${bB} (transaction)
                                 |                                             |
                      PostgreSQL A :${pgA} --WAL--> A' :${pgR}        PostgreSQL B :${pgB}
                        (primary)          (hot standby)            (primary)

  Platform:      http://localhost:${lb}/admin/login   admin@localhost / ${s.adminPassword}
  Demo company:  http://demo.localhost:${lb}          demo@example.com / demo1234, owner@example.com / owner1234
  One server:    http://localhost:${BALANCER.singlePort} (nginx to api-1 only, for the bench); api-N direct on :${a1}-${a3}
  Prepared statements: ${prepared ? `on (${bouncer}, max_prepared_statements)` : `off (DB_PREPARED_STATEMENTS=false: ${bouncer} is older than 1.21)`}

  Cluster A (\`main\`):          DATABASE_URL=${env.DATABASE_URL}
  Cluster B:                   CLUSTERS=${env.CLUSTERS}
  New companies go to the cluster with the fewest. Move one (straight to PostgreSQL, past PgBouncer):
    DATABASE_URL=$MOVE_DATABASE_URL CLUSTERS=$MOVE_CLUSTERS npm run move-company -- <tenantId> main|b
  Replica A' (read-only):      ${env.REPLICA_A_URL}
  These are in ${paths.env}; logs in ${paths.logs}.

  npm run cluster -- status    what runs, health, replica lag
  npm run cluster -- stop      ends what this started (--purge also drops the clusters and ${DIR})
`;
}
