# haat: build the web app with the dev tools, then a runtime image with production dependencies only.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
# npm run build builds the shop and the back office (dist/web, dist/web/admin). A server-side rendering
# build added to it must write under dist/ or be copied below: deploy/container.test.ts fails when the
# runtime stage lacks a file that server/main.ts loads.
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json /app/tsconfig.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/contract ./contract
COPY --from=build /app/server ./server
# images, review photos and (without DATABASE_URL) the embedded database live on the volume
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# SIGTERM stops it gracefully (SHUTDOWN_GRACE_MS): give docker stop at least that long (-t 15)
STOPSIGNAL SIGTERM
CMD ["node", "--import", "tsx", "server/main.ts"]
