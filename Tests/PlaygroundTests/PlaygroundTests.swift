import DecoupleTestSupport
import Testing

@Suite struct PlaygroundTests {
    @Test func mvc() throws {
        let run = try runPlayground("MVC")
        #expect(run.status == 0)
        assertInlineSnapshot(of: run.output, as: .lines) {
            """
            ── 20 models, the first rows ──
                        商品
            ────────────────────────────
            商品-0               ¥19.0 ›
            商品-1               ¥19.1 ›
            商品-2               ¥19.2 ›
            商品-3               ¥19.3 ›
            商品-4               ¥19.4 ›
            商品-5               ¥19.5 ›

            ── scrolled down 12 rows ──
                        商品
            ────────────────────────────
            商品-12             ¥19.12 ›
            商品-13             ¥19.13 ›
            商品-14             ¥19.14 ›
            商品-15             ¥19.15 ›
            商品-16             ¥19.16 ›
            商品-17             ¥19.17 ›

            ── tapped 商品-15 ──
            ‹ 商品    商品-15
            ────────────────────────────
            ┌──────────────────────────┐
            │名称  商品-15             │
            ├──────────────────────────┤
            │价格  ¥19.15              │
            └──────────────────────────┘
            [ 加入购物车 ]

            ── back; the model's price changed, the row refreshed ──
                        商品
            ────────────────────────────
            商品-12             ¥19.12 ›
            商品-13             ¥19.13 ›
            商品-14             ¥19.14 ›
            商品-15               ¥9.9 ›
            商品-16             ¥19.16 ›
            商品-17             ¥19.17 ›

            ── scrolled to the end ──
                        商品
            ────────────────────────────
            商品-14             ¥19.14 ›
            商品-15               ¥9.9 ›
            商品-16             ¥19.16 ›
            商品-17             ¥19.17 ›
            商品-18             ¥19.18 ›
            商品-19             ¥19.19 ›

            cells created for 20 rows: 6
            after teardown: controller gone, table gone, cell gone

            """
        }
    }

    @Test func mvcVariant() throws {
        let run = try runPlayground("MVCVariant")
        #expect(run.status == 0)
        assertInlineSnapshot(of: run.output, as: .lines) {
            """
            ── the view fills itself from its model ──
                      应用
            ────────────────────────
            ┌───────────┬──────────┐
            │[QQ]       │QQ        │
            └───────────┴──────────┘

            ── tapped: the controller heard it and set the next model ──
                      应用
            ────────────────────────
            ┌───────────┬──────────┐
            │[WeChat]   │微信      │
            └───────────┴──────────┘
            打开了 QQ
            ── tapped again ──
                      应用
            ────────────────────────
            ┌───────────┬──────────┐
            │[QQ]       │QQ        │
            └───────────┴──────────┘
            打开了 微信
            after teardown: controller gone, view gone

            """
        }
    }

    @Test func mvp() throws {
        let run = try runPlayground("MVP")
        #expect(run.status == 0)
        assertInlineSnapshot(of: run.output, as: .lines) {
            """
            ── the presenter pushed the model's values ──
            ┌──────────────┬─────────────┐
            │[QQ]          │QQ 下载 0    │
            └──────────────┴─────────────┘
            ── two taps, handled by the presenter ──
            ┌──────────────┬─────────────┐
            │[QQ]          │QQ 下载 2    │
            └──────────────┴─────────────┘
            controller released while its presenter lives: true
            presenter released: presenter gone, view gone

            """
        }
    }

    @Test func contacts() throws {
        let run = try runPlayground("Contacts")
        #expect(run.status == 0)
        assertInlineSnapshot(of: run.output, as: .lines) {
            """
            records: 31, contacts: 30, sections: 13
            ── selected Bai Lu and Chen Jie ──
                        联系人
            ──────────────────────────────
            ── A ─────────────────────────
            An Qi            138-0000-1000
            ── B ─────────────────────────
            Bai Lu         138-0000-1001 ✓
            Bao Yu           138-0000-1002
            ── C ─────────────────────────
            Cao Yi           138-0000-1003
            Chen Jie       138-0000-1004 ✓
            ── scrolled 20 lines: cells were reused; selected Lin Feng ──
                        联系人
            ──────────────────────────────
            ── J ─────────────────────────
            Jiang Tao        138-0000-1018
            Jin Xin          138-0000-1019
            ── K ─────────────────────────
            Kong Ming        138-0000-1020
            ── L ─────────────────────────
            Li Na            138-0000-1021
            Lin Feng       138-0000-1022 ✓
            ── scrolled back to the top: the marks are on the same rows ──
                        联系人
            ──────────────────────────────
            ── A ─────────────────────────
            An Qi            138-0000-1000
            ── B ─────────────────────────
            Bai Lu         138-0000-1001 ✓
            Bao Yu           138-0000-1002
            ── C ─────────────────────────
            Cao Yi           138-0000-1003
            Chen Jie       138-0000-1004 ✓
            cells created: 6, alive: 6
            copy unselected, original still selected: true
            back to a dictionary: name=Chen Jie, selected=true
            after teardown: controller gone, cell gone, contacts gone

            """
        }
    }

    @Test func decoupling() throws {
        let run = try runPlayground("Decoupling")
        #expect(run.status == 0)
        assertInlineSnapshot(of: run.output, as: .lines) {
            """
            ── class cluster, picked by model type: CCAModel ──
            ┌────────────────────────┐
            │小明                    │
            │18 岁                   │
            └────────────────────────┘
            ── class cluster, picked by model type: CCBModel ──
            ┌────────────────────────┐
            │狐狸的故事              │
            │一只敏捷的棕色狐狸      │
            └────────────────────────┘
            ── class cluster, picked by the type tag in data ──
            ┌────────────────────────┐
            │The Fox                 │
            │A quick brown tale      │
            └────────────────────────┘
            ── class cluster, picked by the type tag in data ──
            ┌────────────────────────┐
            │Ann                     │
            │30 岁                   │
            └────────────────────────┘
            skipped: item 2 ("video"): no adapter registered for type tag "video"; registered tags: "story", "user"
            error: no adapter registered for model type 'Int'; registered types: CCAModel, CCBModel
            ── proxy, nothing injected: members read as empty ──
            ┌────────────────────────┐
            │                        │
            │                        │
            └────────────────────────┘
            ── proxy forwarding to CCAModel's adapter ──
            ┌────────────────────────┐
            │小红                    │
            │20 岁                   │
            └────────────────────────┘
            ── proxy forwarding to CCBModel's adapter ──
            ┌────────────────────────┐
            │龟兔赛跑                │
            │慢而稳者胜              │
            └────────────────────────┘
            responds to title: true, to price: false
            title by key path: 龟兔赛跑, by name: 龟兔赛跑
            injected object alive while injected: true
            after removing it from the proxy: injected object gone

            """
        }
    }

    @Test func mvvm() throws {
        let run = try runPlayground("MVVM")
        #expect(run.status == 0)
        assertInlineSnapshot(of: run.output, as: .lines) {
            """
            ── the view shows the view model's values ──
                      MVVM
            ────────────────────────
            ┌───────────┬──────────┐
            │[QQ]       │QQ        │
            └───────────┴──────────┘
            ── tapped: the view model changed, the view followed ──
                      MVVM
            ────────────────────────
            ┌───────────┬──────────┐
            │[WeChat]   │微信      │
            └───────────┴──────────┘
            ── the view model's name changed ──
                      MVVM
            ────────────────────────
            ┌───────────┬──────────┐
            │[WeChat]   │企业微信  │
            └───────────┴──────────┘
            ── @Observable view model ──
            小明：92 分
            after a change, the view is stale until drawn: needsUpdate = true
            ── drawn again: fresh values ──
            小明：95 分
            after teardown: controller gone, view model gone, view gone

            """
        }
    }

    @Test func mvvmObservable() throws {
        let run = try runPlayground("MVVMObservable")
        #expect(run.status == 0)
        assertInlineSnapshot(of: run.output, as: .lines) {
            """
            ── the view shows the view model's values ──
                MVVM @Observable
            ────────────────────────
            ┌───────────┬──────────┐
            │[QQ]       │QQ        │
            └───────────┴──────────┘
            [(搜索)                ]
            QQ                    QQ
            微信              WeChat
            企业微信           WeCom
            微博               Weibo
            tapped; until the turn ends the label reads QQ
            after the turn it reads 微信
            ── tapped: the view model changed, the view followed ──
                MVVM @Observable
            ────────────────────────
            ┌───────────┬──────────┐
            │[WeChat]   │微信      │
            └───────────┴──────────┘
            [(搜索)                ]
            QQ                    QQ
            微信              WeChat
            企业微信           WeCom
            微博               Weibo
            typed 微: query = 微
            ── the table follows the filtered items ──
                MVVM @Observable
            ────────────────────────
            ┌───────────┬──────────┐
            │[WeChat]   │微信      │
            └───────────┴──────────┘
            [微▏                   ]
            微信              WeChat
            企业微信           WeCom
            微博               Weibo
            applied: deleted 0.0, 0.4
            ── selected 微博; the view model cleared the query ──
                MVVM @Observable
            ────────────────────────
            ┌───────────┬──────────┐
            │[Weibo]    │微博      │
            └───────────┴──────────┘
            [▏(搜索)               ]
            QQ                    QQ
            微信              WeChat
            企业微信           WeCom
            ▶ 微博             Weibo
            applied: inserted 0.0, 0.4
            after teardown: controller gone, view model gone, view gone, cell gone

            """
        }
    }

    @Test func login() throws {
        let run = try runPlayground("Login")
        #expect(run.status == 0)
        assertInlineSnapshot(of: run.output, as: .lines) {
            """
            ── empty: the button is disabled ──
                         登录
            ──────────────────────────────
            ┌────────────────────────────┐
            │用户名         [(用户名)   ]│
            ├────────────────────────────┤
            │密码           [(密码)     ]│
            └────────────────────────────┘
            ( 登录 )
            ── typed 1a$bc: cleaned to abc as it is typed ──
                         登录
            ──────────────────────────────
            ┌────────────────────────────┐
            │用户名         [abc▏       ]│
            ├────────────────────────────┤
            │密码           [(密码)     ]│
            └────────────────────────────┘
            ( 登录 )
            ── pasted -12d_e, typed a password: both long enough ──
                         登录
            ──────────────────────────────
            ┌────────────────────────────┐
            │用户名         [abc12de    ]│
            ├────────────────────────────┤
            │密码           [••••••▏    ]│
            └────────────────────────────┘
            [ 登录 ]
            ── wrong password: the alert ──
                         登录
            ─────┌──────────────────┐─────
            ┌────│     登录失败     │────┐
            │用户│ 用户名或密码错误 │   ]│
            ├────│     [ 确定 ]     │────┤
            │密码└──────────────────┘   ]│
            └────────────────────────────┘
            [ 登录 ]
            the login button is out of reach under the alert: true
            ── aaaaaa / aaaaa: one character short ──
                         登录
            ──────────────────────────────
            ┌────────────────────────────┐
            │用户名         [aaaaaa     ]│
            ├────────────────────────────┤
            │密码           [•••••▏     ]│
            └────────────────────────────┘
            ( 登录 )
            ── aaaaaa / aaaaaa: the home page is pushed ──
            ‹ 登录       首页
            ──────────────────────────────
            欢迎，aaaaaa





            after teardown: controller gone, view model gone, text field gone

            """
        }
    }

    @Test func homePage() throws {
        let run = try runPlayground("HomePage")
        #expect(run.status == 0)
        assertInlineSnapshot(of: run.output, as: .lines) {
            """
            ── t=0.0 seconds nothing yet ──
                      首页
            ────────────────────────





            ── t=0.5 seconds the list arrives ──
                      首页
            ────────────────────────
            10  小明  92
            10  小明  92
            10  小明  92
            10  小明  92
            10  小明  92
            applied: inserted section 0
            ── t=1.0 seconds the totals arrive ──
                      首页
            ────────────────────────
            10  小明  92          10
            10  小明  92          11
            10  小明  92          12
            10  小明  92          13
            10  小明  92          14
            ── t=2.0 seconds the timer ticks ──
                      首页
            ────────────────────────
            10  小明  92          11
            10  小明  92          12
            10  小明  92          13
            10  小明  92          14
            10  小明  92          15
            ── t=23.0 seconds after 30 scrolls while ticking, rows 27..<32 ──
                      首页
            ────────────────────────
            10  小明  92          48
            10  小明  92          49
            10  小明  92          50
            10  小明  92          51
            10  小明  92          52
            rows checked: 150, showing another row's total: 0, cells created: 5
            after teardown: controller gone, view model gone, cell gone, models gone, timers waiting: 0

            """
        }
    }

    @Test func layered() throws {
        let run = try runPlayground("Layered")
        #expect(run.status == 0)
        assertInlineSnapshot(of: run.output, as: .lines) {
            """
            ── first launch, network down: nothing local either ──
                        新闻
            ────────────────────────────
            ┌──────────────────────────┐
            └──────────────────────────┘
            加载失败：网络不可用
            ── first launch: nothing on disk, so the network ──
                        新闻
            ────────────────────────────
            ┌──────────────────────────┐
            │装修指南（网络）          │
            ├──────────────────────────┤
            │小明考了 92 分（网络）    │
            └──────────────────────────┘
            来自网络，2 条
            saved on disk: true
            ── second launch: from the local store ──
                        新闻
            ────────────────────────────
            ┌──────────────────────────┐
            │装修指南（本地）          │
            ├──────────────────────────┤
            │小明考了 92 分（本地）    │
            └──────────────────────────┘
            来自本地，2 条
            network requests: 2

            """
        }
    }

    @Test func feed() throws {
        let run = try runPlayground("Feed")
        #expect(run.status == 0)
        assertInlineSnapshot(of: run.output, as: .lines) {
            """
            ── four posts arrive: inserted section 0 ──
                       动态
            ──────────────────────────
            #1 小明
            #2 小红
            #3 阿强
            #4 Ada


            ── two more at the top: inserted 0.0–0.1 ──
                       动态
            ──────────────────────────
            #5 新人
            #6 Grace
            #1 小明
            #2 小红
            #3 阿强
            #4 Ada
            ── #2 deleted: deleted 0.3 ──
                       动态
            ──────────────────────────
            #5 新人
            #6 Grace
            #1 小明
            #3 阿强
            #4 Ada

            ── #4 pinned: moved 0.4 → 0.0 ──
                       动态
            ──────────────────────────
            #4 Ada
            #5 新人
            #6 Grace
            #1 小明
            #3 阿强

            ── #6 liked twice: reconfigured 0.2 ──
                       动态
            ──────────────────────────
            #4 Ada
            #5 新人
            #6 Grace               ♥ 2
            #1 小明
            #3 阿强

            the liked post kept its cell: true
            errors: none, cells created: 6
            after teardown: controller gone, table gone, cell gone

            """
        }
    }
}
